// @lane shared
// A newcomer's first run: the local stack's infrastructure comes up from a checkout
// that the postgres user cannot enter (a clone under /root, which Debian makes 0700),
// and only test profiles run PostgreSQL without fsync.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { query } from './support/database';
import { freePort } from './support/webhook-receiver';

const repoRoot = path.resolve(__dirname, '../../..');
const asRoot = process.getuid?.() === 0;

/** Brings up the infrastructure of `profileName` as `npm start` does, from the checkout at `checkout`, and reports on its PostgreSQL. */
const BRING_UP = `
import { ensureInfrastructure, postgresDataDir, stopInfrastructure, withDatabase } from './tools/lib/infra.mjs';
import { profile } from './tools/lib/profiles.mjs';
const p = profile(process.argv[1]);
const started = await ensureInfrastructure(p);
try {
  const fsync = await withDatabase(p, 'postgres', async (client) => (await client.query('SHOW fsync')).rows[0].fsync);
  console.log(JSON.stringify({ dataDir: postgresDataDir(p), fsync }));
} finally {
  await stopInfrastructure(started);
}
`;

describe('the first run of a fresh checkout', () => {
  let locked = '';

  beforeAll(() => {
    locked = mkdtempSync(path.join(tmpdir(), 'embed-first-run-'));
    chmodSync(locked, 0o700);
  });
  afterAll(() => rmSync(locked, { recursive: true, force: true }));

  (asRoot ? it : it.skip)('starts PostgreSQL, durable, when the checkout lies under a folder only root may enter', async () => {
    const checkout = path.join(locked, 'embed');
    for (const dir of ['tools', 'deploy']) cpSync(path.join(repoRoot, dir), path.join(checkout, dir), { recursive: true });
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(checkout, 'node_modules'));
    const ports = { http: await freePort(), postgres: await freePort(), redis: await freePort(), nats: await freePort() };
    mkdirSync(path.join(checkout, 'libs/config/src'), { recursive: true });
    writeFileSync(path.join(checkout, 'libs/config/src/local-profiles.json'), JSON.stringify({ start: { database: 'embed', ports } }));
    expect(spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', checkout]).status).not.toBe(0);

    const run = spawnSync(process.execPath, ['--input-type=module', '-e', BRING_UP, 'start'], { cwd: checkout, encoding: 'utf8', timeout: 150_000 });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: expect.any(String) });
    const { dataDir, fsync } = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}');
    try {
      expect(fsync).toBe('on');
      expect(dataDir.startsWith(locked)).toBe(false);
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 180_000);

  it("runs the test profiles' PostgreSQL without fsync, for speed, since every run recreates their data", async () => {
    expect(await query('SHOW fsync')).toEqual([{ fsync: 'off' }]);
  });
});
