import { Injectable } from '@nestjs/common';
import type { Environment, WebhookEventType } from '@embed/contracts';
import { RecordNotFoundError } from '../errors';
import { newId } from '../ids';
import { PrismaService } from '../prisma.service';
import { prepared } from '../statement';

/** A delivery taken for one attempt: what to send, where, and with which secrets. */
export interface ClaimedDelivery {
  id: string;
  body: string;
  url: string;
  /** The current secret first; the previous one too while a rotation overlaps. */
  secrets: string[];
  /** This attempt's number, 1 for the first. */
  attempt: number;
  /** The request whose event it delivers, and its trace context: the attempt's log lines name them. */
  requestId: string | null;
  traceparent: string | null;
  projectId: string;
  /** How many of its project's deliveries may be in flight at once, as the claim that took it counted (its share of places). */
  places: number;
}

/** What one claim may take (see DeliveriesRepository.recordAndClaim). */
export interface DeliveryClaim {
  window: number;
  concurrency: number;
  limit: number;
  leaseMs: number;
  /** How many leased deliveries a project may hold per place of its share: 1 holds only those in flight; 2 as many again claimed ahead, waiting in the replica for a place. */
  leasesPerPlace: number;
}

export interface AttemptOutcome {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

/** Pending deliveries: `due` (their time has come: being attempted, or waiting for a place) and `scheduled` (a retry later). */
export interface PendingDeliveries {
  due: number;
  scheduled: number;
}

/** What happens next: done, retried after `retryInMs`, or given up. */
export type NextStep = { status: 'delivered' } | { status: 'pending'; retryInMs: number } | { status: 'failed' };

/** One attempt made, to be kept with what it leads to. */
export interface RecordedAttempt {
  deliveryId: string;
  outcome: AttemptOutcome;
  next: NextStep;
}

export interface DeliveryRecord {
  deliveryId: string;
  type: WebhookEventType;
  environment: Environment;
  status: 'pending' | 'delivered' | 'failed';
  attemptCount: number;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
  attempts: { attemptedAt: string; statusCode: number | null; durationMs: number; error: string | null }[];
}

/**
 * A delivery with an older pending one for the same webhook and design waits for it: one
 * design's events stay in order. Deliveries recorded as delivered or failed by the same
 * statement ($13) no longer hold it: the statement reads the rows as they were before it.
 * Written as a subquery with LIMIT so that it is checked row by row as a project's head
 * is read, not planned as an anti-join over every pending delivery.
 */
const HEAD_OF_ITS_DESIGN = `(
  SELECT 1 FROM "WebhookDelivery" p
  WHERE p."designId" = d."designId" AND p."webhookId" = d."webhookId" AND p.status = 'pending' AND p.id < d.id AND p.id <> ALL($13::text[])
  LIMIT 1) IS NULL`;

/**
 * Whether delivery `d`, looked up by id, is still pending. Compared as text so that the
 * planner looks the rows up by their key: it would otherwise scan a partial index of
 * pending deliveries, which after a quiet spell its statistics say is empty, and in a
 * burst holds thousands (1 ms for 18 rows in a 2,000 burst). For the same reason the
 * statements below name their rows as an array of ids (`d.id = ANY(...)`), even where a
 * join names them too.
 */
const STILL_PENDING = `d.status::text = 'pending'`;

// Recording attempts, $1 to $8 (one array each, an element per attempt).
// A delivered user.erased no longer names the person: its body was the last place holding
// the id (docs/erasure.md). A failed one keeps it until it is redelivered.
// An erasure deletes its person's deliveries, an attempt in flight included: the attempts
// are kept only for the deliveries that still exist, each locked against deletion until
// the statement commits. One attempt for a delivery gone would otherwise fail the
// foreign key, and with it the record of every attempt batched with it (each of those
// deliveries sent again when its lease ends). The update takes its rows from the lock, so
// that the lock is taken first: a row this statement had already updated, it could not lock.
const RECORD_CTES = `
  outcome AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::int[], $6::text[], $7::text[], $8::float8[])
      AS o("attemptId", "deliveryId", "startedAt", "statusCode", "durationMs", error, status, "retryInMs")
  ), still_there AS (
    SELECT d.id FROM "WebhookDelivery" d WHERE d.id = ANY($2::text[]) FOR KEY SHARE
  ), attempt AS (
    INSERT INTO "DeliveryAttempt" (id, "deliveryId", "attemptedAt", "statusCode", "durationMs", error)
    SELECT "attemptId", "deliveryId", "startedAt" AT TIME ZONE 'UTC', "statusCode", "durationMs", error FROM outcome
    WHERE "deliveryId" IN (SELECT id FROM still_there)
  )`;

const RECORD_UPDATE = `
  UPDATE "WebhookDelivery" d SET
    status = o.status::"DeliveryStatus",
    "deliveredAt" = CASE WHEN o.status = 'delivered' THEN now() AT TIME ZONE 'UTC' END,
    body = CASE WHEN o.status = 'delivered' AND d."eventType" = 'user.erased'
      THEN jsonb_set(d.body::jsonb, '{data,userId}', '"[erased]"')::text ELSE d.body END,
    "nextAttemptAt" = CASE WHEN o.status = 'pending' THEN now() AT TIME ZONE 'UTC' + make_interval(secs => o."retryInMs" / 1000) END,
    "leasedUntil" = NULL
  FROM outcome o
  WHERE d.id = ANY(ARRAY(SELECT id FROM still_there)) AND d.id = o."deliveryId" AND ${STILL_PENDING}`;

/** Keeps each attempt, moves its delivery on to its next step and ends its lease. */
const RECORD = prepared('webhook-record-attempts', `WITH ${RECORD_CTES} ${RECORD_UPDATE}`);

/**
 * Records the attempts $1 to $8 (see RECORD_CTES) and, in the same statement and commit,
 * takes up to $10 due deliveries for one attempt each, leased for $11 ms: pending, due,
 * not leased, first pending one of their design, each project holding at most $14 leased
 * deliveries per place of its share, ranked by their place in their project so that every
 * project gets its turn (a project with thousands waiting never holds another one up). The
 * attempts recorded here are over: their deliveries are no longer held. A project's share
 * of places (returned with each delivery taken: the replica keeps that many of the
 * project's attempts in flight, the rest of what it holds waits in the replica) is the
 * window $9 when many have work (due deliveries, or leased ones); with fewer, the
 * replica's $12 places less one window, split between them: a project alone goes as
 * fast as its receiver allows, and one window stays free for the next project with work.
 * Round-robin, a claim of $10 among n projects with due deliveries takes at most
 * ceil($10 / n) from each, so no more is read from each project's head: a claim costs
 * what it can take, not every project's share. The projects with work are found by
 * walking the index of pending deliveries one project at a time (each step reads the next
 * project's earliest delivery), and each project's head is read from it too; the leases
 * held are counted once, from the index of leased deliveries (what the replicas hold). So
 * a claim costs the number of projects and what the replicas hold, not the whole backlog.
 * Every read is ordered as that index is, so the planner takes it whatever the table's
 * statistics say (they swing between bursts). The lock's recheck of
 * status and lease keeps two replicas from taking the same row; a delivery recorded here
 * is never taken again by the same statement. Counting the attempt here freezes the
 * body: a delivery that was ever sent is never merged into. A delivery taken is due again
 * when its lease ends (its `nextAttemptAt`, which the attempt's record replaces), so that
 * the leased deliveries a replica holds sort after the due ones in their project's index:
 * a claim reads its project's due head without stepping over them.
 */
const RECORD_AND_CLAIM = `
  WITH RECURSIVE ${RECORD_CTES}, recorded AS (${RECORD_UPDATE} RETURNING d.id
  ), pending_projects AS (
    (SELECT "projectId", "nextAttemptAt" FROM "WebhookDelivery" WHERE status = 'pending'
     ORDER BY "projectId", "nextAttemptAt", id LIMIT 1)
    UNION ALL
    SELECT next.* FROM pending_projects p CROSS JOIN LATERAL (
      SELECT d."projectId", d."nextAttemptAt" FROM "WebhookDelivery" d
      WHERE d.status = 'pending' AND d."projectId" > p."projectId"
      ORDER BY d."projectId", d."nextAttemptAt", d.id LIMIT 1) next
  ), due_projects AS (
    SELECT "projectId" FROM pending_projects WHERE "nextAttemptAt" <= now() AT TIME ZONE 'UTC'
  ), held AS (
    SELECT l."projectId", count(*) AS leases FROM "WebhookDelivery" l
    WHERE l.status = 'pending' AND l."leasedUntil" IS NOT NULL AND l."leasedUntil" > now() AT TIME ZONE 'UTC' AND l.id <> ALL($2::text[])
    GROUP BY l."projectId"
  ), share AS (
    SELECT GREATEST($9::int, ($12::int - $9::int) / NULLIF((SELECT count(*) FROM (SELECT "projectId" FROM due_projects UNION SELECT "projectId" FROM held) busy), 0)) AS places,
      ceil($10::float8 / NULLIF(count(*), 0))::int AS quota FROM due_projects
  ), heads AS (
    SELECT head.* FROM due_projects p
    CROSS JOIN LATERAL (
      SELECT d.id, d."projectId", d."nextAttemptAt"
      FROM "WebhookDelivery" d
      WHERE d."projectId" = p."projectId" AND d.status = 'pending' AND d."nextAttemptAt" <= now() AT TIME ZONE 'UTC'
        AND (d."leasedUntil" IS NULL OR d."leasedUntil" <= now() AT TIME ZONE 'UTC') AND ${HEAD_OF_ITS_DESIGN}
      ORDER BY d."projectId", d."nextAttemptAt", d.id
      LIMIT GREATEST(0, LEAST((SELECT quota FROM share), $14::int * (SELECT places FROM share) - COALESCE((SELECT leases FROM held WHERE held."projectId" = p."projectId"), 0)))
    ) head
  ), picked AS (
    SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY "projectId" ORDER BY "nextAttemptAt", id) AS place FROM heads) ranked
    ORDER BY place, id
    LIMIT $10
  ), locked AS (
    SELECT d.id FROM "WebhookDelivery" d
    WHERE d.id = ANY(ARRAY(SELECT id FROM picked)) AND ${STILL_PENDING} AND (d."leasedUntil" IS NULL OR d."leasedUntil" <= now() AT TIME ZONE 'UTC')
      AND d.id <> ALL($2::text[])
    FOR UPDATE OF d SKIP LOCKED
  )
  UPDATE "WebhookDelivery" d SET "attemptCount" = d."attemptCount" + 1, "leasedUntil" = now() AT TIME ZONE 'UTC' + make_interval(secs => $11::float8 / 1000),
    "nextAttemptAt" = now() AT TIME ZONE 'UTC' + make_interval(secs => $11::float8 / 1000)
  FROM "WebhookEndpoint" w
  WHERE d.id = ANY(ARRAY(SELECT id FROM locked)) AND w.id = d."webhookId"
  RETURNING d.id, d.body, d."attemptCount" AS attempt, d."requestId", d.traceparent, d."projectId", (SELECT places FROM share)::int AS places, w.url, w.secret,
    CASE WHEN w."previousSecretExpiresAt" > now() AT TIME ZONE 'UTC' THEN w."previousSecret" END AS "previousSecret"`;

/**
 * Gives back deliveries claimed and never sent (a replica stopping, or one that waited in
 * the replica until its lease was too short for an attempt): the lease ends at once and the
 * attempt the claim counted is taken back (nothing was sent, so nothing was tried). Only
 * while the delivery is still at the attempt this replica's claim counted ($2): once its
 * lease ended, another replica may have claimed it since, and that claim's lease stays.
 */
const RELEASE = prepared(
  'webhook-release-claims',
  `UPDATE "WebhookDelivery" d SET "attemptCount" = d."attemptCount" - 1, "leasedUntil" = NULL, "nextAttemptAt" = now() AT TIME ZONE 'UTC'
   FROM unnest($1::text[], $2::int[]) AS given(id, attempt)
   WHERE d.id = given.id AND d."attemptCount" = given.attempt AND ${STILL_PENDING} AND d."leasedUntil" IS NOT NULL`,
);

/**
 * Finished deliveries (delivered or given up) whose last attempt, or whose making when
 * none was made, is older than $1 days: at most $2 of them, with their attempts (cascade).
 */
const EXPIRED = `
  WITH expired AS (
    SELECT d.id FROM "WebhookDelivery" d
    WHERE d.status IN ('delivered', 'failed')
      AND COALESCE((SELECT max(a."attemptedAt") FROM "DeliveryAttempt" a WHERE a."deliveryId" = d.id), d."createdAt")
        < now() AT TIME ZONE 'UTC' - make_interval(days => $1)
    LIMIT $2
  ), deleted AS (DELETE FROM "WebhookDelivery" WHERE id IN (SELECT id FROM expired) RETURNING 1)
  SELECT count(*)::int AS deleted FROM deleted`;

/**
 * Pending deliveries, and those of them that are due (leased for an attempt, or whose
 * time has come). Read through a partial index of pending deliveries (the claim's), so it
 * costs what the backlog holds, not what the table keeps.
 */
const COUNT_PENDING = `
  SELECT count(*)::int AS pending,
    count(*) FILTER (WHERE "nextAttemptAt" <= now() AT TIME ZONE 'UTC' OR "leasedUntil" > now() AT TIME ZONE 'UTC')::int AS due
  FROM "WebhookDelivery" WHERE status = 'pending'`;

/** The attempts as the statements' $1 to $8: one array per column, an element per attempt. */
function attemptColumns(attempts: RecordedAttempt[]): unknown[] {
  const column = <T>(of: (attempt: RecordedAttempt) => T) => attempts.map(of);
  return [
    column(() => newId('att')),
    column((a) => a.deliveryId),
    column((a) => a.outcome.startedAt.toISOString()),
    column((a) => a.outcome.statusCode),
    column((a) => a.outcome.durationMs),
    column((a) => a.outcome.error),
    column((a) => a.next.status),
    column((a) => (a.next.status === 'pending' ? a.next.retryInMs : null)),
  ];
}

/** Webhook deliveries: what the dispatcher sends, its attempts, and the operator's view of them. */
@Injectable()
export class DeliveriesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Records `attempts` (each kept, its delivery moved on to its next step and its lease
   * ended) and takes up to `claim.limit` due deliveries for one attempt each, leased for
   * `claim.leaseMs` (see RECORD_AND_CLAIM), in one statement and one commit: the first
   * pending one of each design, each project holding at most `leasesPerPlace` leases per
   * place of its share of the replica's `concurrency` (never less than `window`). The
   * deliveries of the attempts recorded take no place in their project's share, and one
   * recorded as delivered or failed no longer holds up the next delivery of its design.
   */
  async recordAndClaim(attempts: RecordedAttempt[], { window, concurrency, limit, leaseMs, leasesPerPlace }: DeliveryClaim): Promise<ClaimedDelivery[]> {
    const settled = attempts.filter((a) => a.next.status !== 'pending').map((a) => a.deliveryId);
    const rows = await this.prisma.sql<Omit<ClaimedDelivery, 'secrets'> & { secret: string; previousSecret: string | null }>(RECORD_AND_CLAIM, [
      ...attemptColumns(attempts),
      window,
      limit,
      leaseMs,
      concurrency,
      settled,
      leasesPerPlace,
    ]);
    return rows.map(({ secret, previousSecret, ...row }) => ({ ...row, secrets: previousSecret ? [secret, previousSecret] : [secret] }));
  }

  /** Keeps each attempt, moves its delivery on to its next step and ends its lease, in one statement (what a replica stopping has left to write). */
  async recordAttempts(attempts: RecordedAttempt[]): Promise<void> {
    await this.prisma.sql(RECORD, attemptColumns(attempts));
  }

  /** Gives back deliveries this replica claimed and will not send (see RELEASE): any replica may claim them again at once. */
  async release(claimed: Pick<ClaimedDelivery, 'id' | 'attempt'>[]): Promise<void> {
    await this.prisma.sql(RELEASE, [claimed.map((delivery) => delivery.id), claimed.map((delivery) => delivery.attempt)]);
  }

  /**
   * Deletes up to `limit` finished deliveries whose last attempt is older than
   * `retentionDays`, with their attempts; returns how many. A delivery's body names the
   * person it is about (a failed `user.erased` keeps the id so that it can be sent
   * again), so no delivery is kept for ever.
   */
  async deleteFinishedBefore(retentionDays: number, limit: number): Promise<number> {
    const [{ deleted }] = await this.prisma.sql<{ deleted: number }>(EXPIRED, [retentionDays, limit]);
    return deleted;
  }

  /** How many deliveries are still to go out, due now or scheduled for a retry (the operators' backlog gauge). */
  async countPending(): Promise<PendingDeliveries> {
    const [{ pending, due }] = await this.prisma.sql<{ pending: number; due: number }>(COUNT_PENDING);
    return { due, scheduled: pending - due };
  }

  /** The project's latest deliveries, newest first, each with its attempts in order. */
  async listForProject(projectId: string, limit: number): Promise<DeliveryRecord[]> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { projectId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      include: { attempts: { orderBy: { attemptedAt: 'asc' } } },
    });
    const iso = (date: Date | null) => date?.toISOString() ?? null;
    return rows.map((row) => ({
      deliveryId: row.id,
      type: row.eventType as WebhookEventType,
      environment: row.environment,
      status: row.status,
      attemptCount: row.attemptCount,
      createdAt: row.createdAt.toISOString(),
      deliveredAt: iso(row.deliveredAt),
      nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
      attempts: row.attempts.map((a) => ({ attemptedAt: a.attemptedAt.toISOString(), statusCode: a.statusCode, durationMs: a.durationMs, error: a.error })),
    }));
  }

  /**
   * Sends a finished delivery again, with the same id and body and a fresh set of
   * attempts. A `design.saved` that a newer one of the same design followed is refused:
   * sending it now would take the receiver's revision back down.
   */
  async redeliver(id: string): Promise<{ deliveryId: string; status: 'pending' }> {
    const delivery = await this.prisma.webhookDelivery.findUnique({ where: { id }, select: { status: true, eventType: true, webhookId: true, designId: true } });
    if (!delivery) throw new RecordNotFoundError('delivery', id);
    if (delivery.status === 'pending') throw new DeliveryNotRedeliverableError(id, 'is still being delivered');
    if (delivery.eventType === 'design.saved' && delivery.designId) {
      const newer = await this.prisma.webhookDelivery.count({
        where: { webhookId: delivery.webhookId, designId: delivery.designId, eventType: 'design.saved', id: { gt: id } },
      });
      if (newer > 0) throw new DeliveryNotRedeliverableError(id, 'was followed by a newer design.saved of the same design');
    }
    await this.prisma.webhookDelivery.update({ where: { id }, data: { status: 'pending', attemptCount: 0, nextAttemptAt: new Date(), deliveredAt: null } });
    return { deliveryId: id, status: 'pending' };
  }
}

/** A redelivery that would break a rule; the message is fit to show to an operator. */
export class DeliveryNotRedeliverableError extends Error {
  constructor(id: string, reason: string) {
    super(`delivery ${id} cannot be sent again: it ${reason}`);
    this.name = 'DeliveryNotRedeliverableError';
  }
}
