import type { Client } from 'pg';

/** An export.created event of a test project, as the designs service writes it to the outbox. */
export interface ExportCreatedEvent {
  id: string;
  projectId: string;
  designId: string;
  data: { exportId: string; designId: string; userId: string; revision: number; source: string; format: string };
}

/**
 * The `n`th export.created event of the burst `tag` for `projectId`: its export id starts
 * `exp_<tag>_`, so the receiver counts the burst's arrivals, and each event has a design of
 * its own, so none waits behind another of its design.
 */
export function burstEvent(tag: string, n: number, projectId: string): ExportCreatedEvent {
  const designId = `${tag.toUpperCase()}X${String(n).padStart(25 - tag.length, '0')}`;
  return { id: `evt_${tag}_${n}`, projectId, designId, data: { exportId: `exp_${tag}_${n}`, designId, userId: 'bench', revision: 0, source: 'server', format: 'html' } };
}

/** The events as the outbox insert takes them: serialized apart, so that a bench can do it before its clock starts. */
export const outboxRows = (events: ExportCreatedEvent[]): string => JSON.stringify(events);

/**
 * Writes the events (`outboxRows`) to the outbox in one statement (one transaction, as a
 * save writes its events); the webhook dispatcher relays them from there. Straight into
 * the database: a burst of thousands made through the API would cost the designs service
 * and the renderer more than the deliveries being measured.
 */
export function insertExportCreated(db: Client, rows: string) {
  return db.query(
    `INSERT INTO "OutboxEvent" (id, "projectId", environment, type, "designId", data, "createdAt")
     SELECT r.id, r."projectId", 'test', 'export.created', r."designId", r.data, now() AT TIME ZONE 'UTC'
     FROM jsonb_to_recordset($1::jsonb) AS r(id text, "projectId" text, "designId" text, data jsonb)`,
    [rows],
  );
}
