import { existsSync, readdirSync } from 'node:fs';
import { call, exampleDesign } from './support/api';
import { holdRows, query } from './support/database';
import { stackEnv, waitFor } from './support/stack';

// What the erasure end-to-end tests share: asking for an erasure and watching it in the database.

export interface PersonRef {
  projectId: string;
  environment: 'test' | 'live';
  userId: string;
}

export const eraseUser = (key: string, userId: string) => call('DELETE', `/embed/v1/users/${encodeURIComponent(userId)}`, { bearer: key });

/** Our own id of the person and their state, or null when the service does not know them. */
export async function personRow({ projectId, environment, userId }: PersonRef) {
  const [row] = await query<{ id: string; state: string; erasureRequestedAt: Date | null }>(
    `SELECT id, state, "erasureRequestedAt" FROM "Person" WHERE "projectId" = $1 AND environment = $2::"Environment" AND "externalId" = $3`,
    [projectId, environment, userId],
  );
  return row ?? null;
}

/** Erasure is complete when the person's row is gone (the same transaction writes `user.erased`). */
export function waitUntilErased(person: PersonRef, timeoutMs = 20_000): Promise<true> {
  return waitFor(`erasure of ${person.userId}`, async () => (await personRow(person)) === null, timeoutMs);
}

/**
 * The person's `user.erased` events: naming them, or already relayed to the webhook (the
 * relay empties the event's data then), so each test erases one person per project.
 */
export function userErasedEvents({ projectId, environment, userId }: PersonRef) {
  return query<{ personId: string | null; designId: string | null; data: unknown }>(
    `SELECT "personId", "designId", data FROM "OutboxEvent"
     WHERE type = 'user.erased' AND "projectId" = $1 AND environment = $2::"Environment"
       AND (data->>'userId' = $3 OR (data = '{}'::jsonb AND "dispatchedAt" IS NOT NULL))`,
    [projectId, environment, userId],
  );
}

export const countRows = async (table: string, personId: string) =>
  (await query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE "personId" = $1`, [personId]))[0].n;

/**
 * Keeps an erasure running for as long as the test needs: a transaction holding the
 * design's row lock makes the erasure's delete of that design wait. Returns the
 * release, which does nothing the second time.
 */
export const holdDesign = (designId: string): Promise<() => Promise<void>> => holdRows('SELECT id FROM "Design" WHERE id = $1 FOR UPDATE', [designId]);

/**
 * `count` designs of a known person written straight into the database, each with a
 * restore point and a `design.saved` event as the API would leave them: far faster
 * than saving thousands through the API.
 */
export async function insertDesigns(person: PersonRef, personId: string, count: number): Promise<void> {
  await query(
    `WITH designs AS (
       INSERT INTO "Design" (id, "projectId", environment, "personId", name, mode, revision, doc, "updatedAt")
       SELECT upper(substr(md5(random()::text || n), 1, 26)), $1, $2::"Environment", $3, 'Bulk ' || n, 'email', 0, $4::jsonb, now()
       FROM generate_series(1, $5::int) n
       RETURNING id
     ), points AS (
       INSERT INTO "RestorePoint" (id, "designId", revision, name, doc) SELECT 'rp_' || lower(id), id, 0, 'Bulk', $4::jsonb FROM designs
     )
     INSERT INTO "OutboxEvent" (id, "projectId", environment, type, "personId", "designId", data)
     SELECT 'evt_' || lower(id), $1, $2::"Environment", 'design.saved', $3, id, jsonb_build_object('designId', id, 'userId', $6::text, 'revision', 0)
     FROM designs`,
    [person.projectId, person.environment, personId, JSON.stringify(exampleDesign('email')), count, person.userId],
  );
}

export interface Trace {
  table: string;
  row: string;
}

/**
 * Every row of every table of the database, read as text, that contains one of
 * `needles` (case-insensitive). The tables are found in information_schema: the scan
 * knows nothing of the schema, so a table added later is scanned too.
 */
export async function traces(needles: string[]): Promise<Trace[]> {
  const tables = await query<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const found: Trace[] = [];
  for (const { name } of tables) {
    const rows = await query<{ row: string }>(`SELECT t::text AS row FROM ${name} t WHERE lower(t::text) LIKE ANY ($1)`, [
      needles.map((needle) => `%${needle.toLowerCase()}%`),
    ]);
    found.push(...rows.map(({ row }) => ({ table: name, row })));
  }
  return found;
}

/** Files under the stack's storage directory whose path names one of `needles`. */
export function storedFiles(needles: string[]): string[] {
  const root = stackEnv().STORAGE_DIR;
  if (!existsSync(root)) return [];
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' });
  return files.filter((file) => needles.some((needle) => file.includes(needle)));
}
