import { Injectable } from '@nestjs/common';
import type { Environment, WebhookEventType } from '@embed/contracts';
import { RecordNotFoundError } from '../errors';
import { newId } from '../ids';
import { PrismaService } from '../prisma.service';

/** A delivery due now, picked to be queued. */
export interface DueDelivery {
  id: string;
  /** Attempts already made, so the queue gives it only the attempts left. */
  attemptCount: number;
  /** The request whose event it delivers, and its trace context: the delivery's job carries them to its log lines. */
  requestId: string | null;
  traceparent: string | null;
}

/** A delivery taken for one attempt: what to send, where, and with which secrets. */
export interface ClaimedDelivery {
  id: string;
  body: string;
  url: string;
  /** The current secret first; the previous one too while a rotation overlaps. */
  secrets: string[];
  /** This attempt's number, 1 for the first. */
  attempt: number;
}

export interface AttemptOutcome {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

/** What happens next: done, retried after `retryInMs`, or given up. */
export type NextStep = { status: 'delivered' } | { status: 'pending'; retryInMs: number } | { status: 'failed' };

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

/** A delivery with an older pending one for the same webhook and design waits for it: one design's events stay in order. */
const HEAD_OF_ITS_DESIGN = `NOT EXISTS (
  SELECT 1 FROM "WebhookDelivery" p
  WHERE p."designId" = d."designId" AND p."webhookId" = d."webhookId" AND p.status = 'pending' AND p.id < d.id)`;

/**
 * Due deliveries, at most `window` per project, in rounds across projects: a project with
 * thousands waiting gets its window like any other and never holds another one up.
 */
const DUE = `
  SELECT id, "attemptCount", "requestId", traceparent FROM (
    SELECT d.id, d."attemptCount", d."requestId", d.traceparent, row_number() OVER (PARTITION BY d."projectId" ORDER BY d."nextAttemptAt", d.id) AS place
    FROM "WebhookDelivery" d
    WHERE d.status = 'pending' AND d."nextAttemptAt" <= now() AT TIME ZONE 'UTC' AND ${HEAD_OF_ITS_DESIGN}
  ) ranked
  WHERE place <= $1
  ORDER BY place, id
  LIMIT $2`;

/** Counts the attempt before it is made, which also freezes the body: a delivery that was ever sent is never merged into. */
const CLAIM = `
  UPDATE "WebhookDelivery" d SET "attemptCount" = d."attemptCount" + 1
  FROM "WebhookEndpoint" w
  WHERE d.id = $1 AND w.id = d."webhookId" AND d.status = 'pending'
    AND d."nextAttemptAt" <= now() AT TIME ZONE 'UTC' + interval '1 second' AND ${HEAD_OF_ITS_DESIGN}
  RETURNING d.id, d.body, d."attemptCount" AS attempt, w.url, w.secret,
    CASE WHEN w."previousSecretExpiresAt" > now() AT TIME ZONE 'UTC' THEN w."previousSecret" END AS "previousSecret"`;

// A delivered user.erased no longer names the person: its body was the last place holding
// the id (docs/erasure.md). A failed one keeps it until it is redelivered.
const RECORD = `
  WITH attempt AS (
    INSERT INTO "DeliveryAttempt" (id, "deliveryId", "attemptedAt", "statusCode", "durationMs", error)
    VALUES ($1, $2, $3::timestamptz AT TIME ZONE 'UTC', $4, $5, $6)
  )
  UPDATE "WebhookDelivery" SET
    status = $7::text::"DeliveryStatus",
    "deliveredAt" = CASE WHEN $7::text = 'delivered' THEN now() AT TIME ZONE 'UTC' END,
    body = CASE WHEN $7::text = 'delivered' AND "eventType" = 'user.erased'
      THEN jsonb_set(body::jsonb, '{data,userId}', '"[erased]"')::text ELSE body END,
    "nextAttemptAt" = CASE WHEN $7::text = 'pending' THEN now() AT TIME ZONE 'UTC' + make_interval(secs => $8::float8 / 1000) END
  WHERE id = $2 AND status = 'pending'`;

/** Webhook deliveries: what the dispatcher sends, its attempts, and the operator's view of them. */
@Injectable()
export class DeliveriesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Deliveries to queue now: due, first of their design, at most `window` per project. */
  due(window: number, limit: number): Promise<DueDelivery[]> {
    return this.prisma.sql<DueDelivery>(DUE, [window, limit]);
  }

  /** Takes the delivery for one attempt; null when it is no longer pending, not due, or waits behind an older one of its design. */
  async claim(id: string): Promise<ClaimedDelivery | null> {
    const [row] = await this.prisma.sql<{ id: string; body: string; attempt: number; url: string; secret: string; previousSecret: string | null }>(CLAIM, [id]);
    if (!row) return null;
    return { id: row.id, body: row.body, url: row.url, attempt: row.attempt, secrets: row.previousSecret ? [row.secret, row.previousSecret] : [row.secret] };
  }

  /** Keeps the attempt and moves the delivery on to `next`. */
  async recordAttempt(id: string, outcome: AttemptOutcome, next: NextStep): Promise<void> {
    const retryInMs = next.status === 'pending' ? next.retryInMs : null;
    await this.prisma.sql(RECORD, [newId('att'), id, outcome.startedAt.toISOString(), outcome.statusCode, outcome.durationMs, outcome.error, next.status, retryInMs]);
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
