import { editorSession, exampleDesign, newProject } from './support/api';
import { query } from './support/database';
import { existsSync, readdirSync } from 'node:fs';
import { eraseUser, personRow, type PersonRef, waitUntilErased } from './erasure-helpers';
import { TINY_PNG } from './file-exports-helpers';
import { stackEnv, waitFor } from './support/stack';
import { WebhookReceiver } from './support/webhook-receiver';

interface Trace {
  table: string;
  row: string;
}

/**
 * Every row of every table of the database, read as text, that contains one of
 * `needles` (case-insensitive). The tables are found in information_schema: the scan
 * knows nothing of the schema, so a table added later is scanned too.
 */
async function traces(needles: string[]): Promise<Trace[]> {
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
function storedFiles(needles: string[]): string[] {
  const root = stackEnv().STORAGE_DIR;
  if (!existsSync(root)) return [];
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' });
  return files.filter((file) => needles.some((needle) => file.includes(needle)));
}

describe('after an erasure completes and user.erased is delivered', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => (receiver = await WebhookReceiver.start()));
  afterAll(() => receiver.stop());

  it('no table and no stored file holds the person’s id or their designs’ ids', async () => {
    const { projectId, testKey } = newProject('email', '--webhook-url', receiver.url('completeness'));
    const person: PersonRef = { projectId, environment: 'test', userId: `trace-${Date.now().toString(36)}` };
    const { editor } = await editorSession(testKey, person.userId);
    const doc = exampleDesign('email');
    const designIds: string[] = [];
    for (const name of ['one', 'two', 'three']) designIds.push((await editor('POST', '/designs', { body: { name, doc } })).body.id);
    await editor('PUT', `/designs/${designIds[0]}`, { body: { doc } });
    await editor('POST', `/designs/${designIds[1]}/export`, { body: { format: 'html' } });
    expect((await editor('POST', `/designs/${designIds[1]}/export`, { body: { format: 'pdf' } })).status).toBe(200);
    expect((await editor('POST', '/images', { rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } })).status).toBe(201);
    await editor('DELETE', `/designs/${designIds[2]}`);
    const { id: personId } = (await personRow(person))!;
    expect((await traces([person.userId, personId, ...designIds])).length).toBeGreaterThan(10);
    expect(storedFiles([personId]).length).toBeGreaterThanOrEqual(2);

    expect((await eraseUser(testKey, person.userId)).status).toBe(202);
    await waitUntilErased(person);
    const erased = await receiver.waitFor('completeness', 'user.erased', (requests) => requests.some((r) => r.json.type === 'user.erased'));
    expect(erased.filter((r) => r.json.type === 'user.erased').map((r) => r.json.data)).toEqual([{ userId: person.userId }]);
    await waitFor('the delivery to be recorded', async () => (await query(`SELECT 1 FROM "WebhookDelivery" WHERE "projectId" = $1 AND "eventType" = 'user.erased' AND status = 'delivered'`, [projectId])).length === 1);

    expect(await traces([person.userId, personId, ...designIds])).toEqual([]);
    expect(storedFiles([personId, ...designIds])).toEqual([]);
  });
});
