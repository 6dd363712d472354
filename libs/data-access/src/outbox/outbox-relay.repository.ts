import { Injectable } from '@nestjs/common';
import { deliveryBody, type Environment, type WebhookEventType } from '@embed/contracts';
import { newId } from '../ids';
import { PrismaService, type SqlRunner } from '../prisma.service';
import { prepared } from '../statement';

/** One outbox event bound for a subscribed webhook. */
export interface BoundEvent {
  eventId: string;
  webhookId: string;
  projectId: string;
  environment: Environment;
  type: WebhookEventType;
  personId: string | null;
  designId: string | null;
  data: Record<string, unknown>;
  createdAt: string;
  requestId: string | null;
  traceparent: string | null;
}

interface NewDelivery {
  id: string;
  webhookId: string;
  projectId: string;
  environment: Environment;
  eventType: string;
  personId: string | null;
  designId: string | null;
  body: string;
  requestId: string | null;
  traceparent: string | null;
}

/** The newest `design.saved` delivery already made for a webhook and design. */
export interface LatestSavedDelivery {
  webhookId: string;
  designId: string;
  id: string;
  revision: number;
  /** Still waiting and never sent: its body may still change, since no receiver has seen it. */
  mergeable: boolean;
}

/** What a batch of bound events becomes: new deliveries, and waiting deliveries given a newer event's body. */
export interface RelayPlan {
  inserts: BoundEvent[];
  merges: { deliveryId: string; event: BoundEvent }[];
}

/**
 * The webhook policy the relay applies (the dispatcher's: which events become which
 * deliveries). It may look up, inside the relay's transaction and locked, the newest
 * `design.saved` delivery of each webhook and design of `saved`.
 */
export type RelayPlanner = (events: BoundEvent[], latestSaved: (saved: BoundEvent[]) => Promise<LatestSavedDelivery[]>) => Promise<RelayPlan>;

export interface RelayedBatch {
  /** Outbox events taken (delivered, merged or not subscribed). */
  events: number;
  /** Deliveries made or given a newer revision. */
  deliveries: number;
}

/**
 * The events to relay, oldest first, under a lock that lets one relay at a time across
 * every dispatcher replica, so deliveries are made in outbox order: a relay that finds
 * the lock taken reads none (the lock is asked for once, before any row is read).
 */
const PENDING_EVENTS = prepared(
  'webhook-relay-locked-pending-events',
  `
  SELECT e.id AS "eventId", e."projectId", e.environment::text AS environment, e.type, e."personId", e."designId", e.data,
         to_char(e."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", e."requestId", e.traceparent, w.id AS "webhookId", w.events
  FROM "OutboxEvent" e LEFT JOIN "WebhookEndpoint" w ON w."projectId" = e."projectId"
  WHERE (SELECT pg_try_advisory_xact_lock(hashtext('webhook-outbox-relay'))) AND e."dispatchedAt" IS NULL
  ORDER BY e."createdAt", e.id
  LIMIT $1
  FOR UPDATE OF e SKIP LOCKED`,
);

/**
 * The newest design.saved delivery per webhook and design, locked so a sender cannot
 * claim it while it is merged into. The key's designId has the column's type, char(26):
 * compared as text, the column's index cannot serve and every save read the whole table.
 * The index on (designId, webhookId, id) answers it in one descent, and designId's
 * declared share of distinct values keeps the planner on it whatever a sample of the
 * table says (migration 20261128120000_delivery_design_webhook_index).
 */
const LATEST_SAVED = `
  SELECT k."webhookId", k."designId", l.id, l.revision, (l.status = 'pending' AND l."attemptCount" = 0) AS mergeable
  FROM jsonb_to_recordset($1::jsonb) AS k("webhookId" text, "designId" char(26))
  CROSS JOIN LATERAL (
    SELECT d.id, d.status, d."attemptCount", (d.body::jsonb #>> '{data,revision}')::int AS revision
    FROM "WebhookDelivery" d
    WHERE d."designId" = k."designId" AND d."webhookId" = k."webhookId" AND d."eventType" = 'design.saved'
    ORDER BY d.id DESC LIMIT 1
    FOR UPDATE
  ) l`;

// A merged delivery now carries the newest event, and so that event's request.
const MERGE_BODIES = `
  UPDATE "WebhookDelivery" d SET body = r.body, "requestId" = r."requestId", traceparent = r.traceparent
  FROM jsonb_to_recordset($1::jsonb) AS r(id text, body text, "requestId" text, traceparent text)
  WHERE d.id = r.id AND d.status = 'pending' AND d."attemptCount" = 0`;

// The new deliveries ($1) and the events they were made from marked dispatched ($2), in
// one statement. Once relayed, a user.erased event keeps no person id: the deliveries made
// from it carry it.
const INSERT_AND_MARK_DISPATCHED = prepared(
  'webhook-relay-insert-and-mark-dispatched',
  `
  WITH inserted AS (
    INSERT INTO "WebhookDelivery" (id, "webhookId", "projectId", environment, "eventType", "personId", "designId", body, "requestId", traceparent, "nextAttemptAt", "createdAt")
    SELECT r.id, r."webhookId", r."projectId", r.environment::"Environment", r."eventType", r."personId", r."designId", r.body, r."requestId", r.traceparent,
           now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
    FROM jsonb_to_recordset($1::jsonb) AS r(id text, "webhookId" text, "projectId" text, environment text, "eventType" text, "personId" text, "designId" text, body text, "requestId" text, traceparent text)
    ORDER BY r.id
  )
  UPDATE "OutboxEvent" SET "dispatchedAt" = now() AT TIME ZONE 'UTC',
  data = CASE WHEN type = 'user.erased' THEN '{}'::jsonb ELSE data END
  WHERE id IN (SELECT jsonb_array_elements_text($2::jsonb))`,
);

/** At most $2 events relayed more than $1 days ago: their deliveries hold what they carried. */
const EXPIRED = `
  WITH expired AS (SELECT id FROM "OutboxEvent" WHERE "dispatchedAt" < now() AT TIME ZONE 'UTC' - make_interval(days => $1) LIMIT $2),
  deleted AS (DELETE FROM "OutboxEvent" WHERE id IN (SELECT id FROM expired) RETURNING 1)
  SELECT count(*)::int AS deleted FROM deleted`;

const json = (value: unknown) => JSON.stringify(value);

/**
 * Turns outbox events into webhook deliveries in one transaction: the events are marked
 * dispatched exactly when their deliveries exist, so a crash at any point loses nothing
 * and makes nothing twice.
 */
@Injectable()
export class OutboxRelayRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Relays up to `limit` events, oldest first; none while another replica is relaying. */
  async relayBatch(limit: number, plan: RelayPlanner): Promise<RelayedBatch> {
    return this.prisma.sqlTransaction(async (sql) => {
      const rows = await sql<Omit<BoundEvent, 'webhookId'> & { webhookId: string | null; events: string[] | null }>(PENDING_EVENTS, [limit]);
      if (rows.length === 0) return { events: 0, deliveries: 0 };
      const bound = rows.filter((row): row is typeof row & { webhookId: string } => row.webhookId !== null && (row.events ?? []).includes(row.type));
      const deliveries = await this.writeDeliveries(sql, await plan(bound, (saved) => this.latestSaved(sql, saved)), rows.map((row) => row.eventId));
      return { events: rows.length, deliveries };
    }, undefined);
  }

  /**
   * Deletes up to `limit` events relayed more than `retentionDays` ago; returns how many.
   * Relayed events are no longer read, and without this the outbox would grow by one row
   * for every save, for ever.
   */
  async deleteRelayedBefore(retentionDays: number, limit: number): Promise<number> {
    const [{ deleted }] = await this.prisma.sql<{ deleted: number }>(EXPIRED, [retentionDays, limit]);
    return deleted;
  }

  /** Writes the plan and marks `eventIds` dispatched. */
  private async writeDeliveries(sql: SqlRunner, { inserts, merges }: RelayPlan, eventIds: string[]): Promise<number> {
    const merged = merges.map(({ deliveryId, event }) => ({ id: deliveryId, body: this.body(deliveryId, event), requestId: event.requestId, traceparent: event.traceparent }));
    const inserted = inserts.map((event): NewDelivery => {
      const id = newId('dlv');
      const { webhookId, projectId, environment, type, personId, designId, requestId, traceparent } = event;
      return { id, webhookId, projectId, environment, eventType: type, personId, designId, body: this.body(id, event), requestId, traceparent };
    });
    if (merged.length) await sql(MERGE_BODIES, [json(merged)]);
    await sql(INSERT_AND_MARK_DISPATCHED, [json(inserted), json(eventIds)]);
    return merged.length + inserted.length;
  }

  private async latestSaved(sql: SqlRunner, saved: BoundEvent[]): Promise<LatestSavedDelivery[]> {
    if (saved.length === 0) return [];
    const keys = [...new Map(saved.map((event) => [`${event.webhookId}/${event.designId}`, { webhookId: event.webhookId, designId: event.designId }])).values()];
    return sql<LatestSavedDelivery>(LATEST_SAVED, [json(keys)]);
  }

  private body(id: string, event: BoundEvent): string {
    const { type, createdAt, projectId, environment, data } = event;
    return deliveryBody({ id, type, createdAt, projectId, environment, data });
  }
}
