// @lane serial: pauses the erasure service.
// Erasure must survive a backup restore: restoring a dump taken before an erasure brings
// the person back, and the erasure ledger (kept in the object store, which the restore
// does not touch) has them erased again within a sweep, with nothing of theirs left.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countRows, eraseUser, type PersonRef, personRow, waitUntilErased } from './erasure-helpers';
import { editorSession, newProject, saveDesign, type TestProject } from './support/api';
import { query } from './support/database';
import { postgresTool } from './support/infrastructure';
import { pauseService, serviceSpecOf, stackEnv, waitFor } from './support/stack';

jest.setTimeout(120_000);

/**
 * Runs a PostgreSQL tool on the stack's database. The services keep working during the
 * restore, so its DROP CONSTRAINTs can deadlock with a dispatcher's claim; PostgreSQL then
 * rolls the single-transaction restore back whole, and an operator runs it again: so does this.
 */
async function runPostgresTool(tool: string, ...args: string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(await postgresTool(tool), [`--dbname=${stackEnv().DATABASE_URL}`, ...args], { encoding: 'utf8' });
    if (result.status === 0) return;
    if (attempt < 3 && result.stderr.includes('deadlock detected')) continue;
    throw new Error(`${tool} failed: ${result.stderr}`);
  }
}

describe('an erasure undone by a database restore', () => {
  const dumpDir = mkdtempSync(path.join(tmpdir(), 'embed-backup-'));
  const dump = path.join(dumpDir, 'before-erasure.dump');
  const ledgerDir = () => path.join(serviceSpecOf('erasure').env['STORAGE_DIR'], 'erasure-ledger');
  let project: TestProject;
  let erased: PersonRef;
  let kept: PersonRef;
  let erasedPersonId: string;

  beforeAll(async () => {
    project = newProject();
    erased = { projectId: project.projectId, environment: 'test', userId: `restored-${Date.now()}@example.com` };
    kept = { ...erased, userId: `kept-${Date.now()}@example.com` };
    await saveDesign(project.testKey, erased.userId, 'Erased, then restored');
    await saveDesign(project.testKey, kept.userId, 'Never erased');
    erasedPersonId = (await personRow(erased))!.id;
    await runPostgresTool('pg_dump', '--format=custom', `--file=${dump}`);
    expect((await eraseUser(project.testKey, erased.userId)).status).toBe(202);
    await waitUntilErased(erased);
  });
  afterAll(() => rmSync(dumpDir, { recursive: true, force: true }));

  it('leaves a ledger entry that names nobody in the clear', () => {
    const entries = readdirSync(ledgerDir()).map((name) => `${name} ${readFileSync(path.join(ledgerDir(), name), 'utf8')}`);
    expect(entries.some((entry) => entry.includes(project.projectId))).toBe(true);
    for (const entry of entries) expect(entry).not.toMatch(/restored-|kept-|@example\.com/);
  });

  it('erases the person again once the dump from before their erasure is restored, and nobody else', async () => {
    // Held still while the restore is checked, so that its next sweep cannot start before.
    const resumeErasure = pauseService('erasure');
    try {
      await runPostgresTool('pg_restore', '--clean', '--if-exists', '--single-transaction', dump);
      expect(await personRow(erased)).toEqual(expect.objectContaining({ id: erasedPersonId, state: 'active' }));
      expect(await countRows('Design', erasedPersonId)).toBe(1);
    } finally {
      resumeErasure();
    }

    const sweepMs = Number(serviceSpecOf('erasure').env['ERASURE_SWEEP_MS']);
    await waitUntilErased(erased, sweepMs + 20_000);
    expect(await countRows('Design', erasedPersonId)).toBe(0);
    const survivor = await personRow(kept);
    expect(survivor).toEqual(expect.objectContaining({ state: 'active' }));
    expect(await countRows('Design', survivor!.id)).toBe(1);
  });

  it('keeps answering on the connections its services opened before the restore', async () => {
    // Their prepared statements were planned against the enum types the restore replaced (libs/data-access/src/statement.ts).
    const { editor } = await editorSession(project.testKey, kept.userId);
    const listed = await editor('GET', '/designs');
    expect(listed.body).toEqual({ designs: [expect.objectContaining({ name: 'Never erased', mode: 'email' })], nextCursor: null });
    expect((await editor('GET', `/designs/${listed.body.designs[0].id}`)).status).toBe(200);
    expect(await saveDesign(project.testKey, kept.userId, 'Saved after the restore')).toEqual(expect.objectContaining({ mode: 'email' }));
  });

  it('records every entry of the store in the restored database once it is applied', async () => {
    const inStore = readdirSync(ledgerDir()).map((name) => `erasure-ledger/${name}`);
    await waitFor('the ledger entries to be recorded again', async () => {
      const recorded = await query<{ key: string }>(`SELECT key FROM "ErasureLedgerEntry" WHERE key = ANY($1)`, [inStore]);
      return recorded.length === inStore.length;
    });
  });
});
