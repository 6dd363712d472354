// @lane serial: restarts services on another database.
// An upgrade runs the new release's migrations while the previous release's pods still
// serve (deploy/README.md, "Upgrades"). This file holds every migration since the last
// release to the expand-then-contract rule, and replays an upgrade from that release on
// the local stack: its schema and data, the migrations, then the new services on that data.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { hashSecret, newSecretKey } from '@embed/credentials';
import { expandContractProblems } from '@embed/migration-rules';
import { call, EDITOR_SITE, editorSession, exampleDesign } from './support/api';
import { query } from './support/database';
import { profileName, repoRoot, restartServices, stackEnv } from './support/stack';

jest.setTimeout(180_000);

interface Release {
  version: string;
  commit: string;
  migrations: Record<string, string>;
}
const { releases } = JSON.parse(readFileSync(path.join(repoRoot, 'releases.json'), 'utf8')) as { releases: Release[] };
const [previous] = releases;
const migrationsDir = path.join(repoRoot, 'prisma', 'migrations');
const migrationFile = (name: string) => path.join(migrationsDir, name, 'migration.sql');
const allMigrations = readdirSync(migrationsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const released = new Set(releases.flatMap((release) => Object.keys(release.migrations)));
const sinceRelease = allMigrations.filter((name) => !released.has(name));

describe('migrations', () => {
  it('are never changed once released', () => {
    for (const release of releases) {
      for (const [name, sha256] of Object.entries(release.migrations)) {
        const actual = createHash('sha256').update(readFileSync(migrationFile(name))).digest('hex');
        expect({ release: release.version, name, sha256: actual }).toEqual({ release: release.version, name, sha256 });
      }
    }
  });

  it(`since ${previous.version} are each listed in CHANGELOG.md's Unreleased section`, () => {
    const changelog = readFileSync(path.join(repoRoot, 'CHANGELOG.md'), 'utf8');
    const unreleased = changelog.slice(changelog.indexOf('## Unreleased'), changelog.indexOf(`## ${previous.version}`));
    expect(sinceRelease.length).toBeGreaterThan(0);
    for (const name of sinceRelease) expect({ name, listed: unreleased.includes(name) }).toEqual({ name, listed: true });
  });

  it(`since ${previous.version} only expand the schema, so that its pods keep working during the rollout`, async () => {
    const migrations = sinceRelease.map((name) => ({ name, sql: readFileSync(migrationFile(name), 'utf8') }));
    expect(await expandContractProblems(migrations)).toEqual([]);
  });
});

/** A database of the stack's PostgreSQL of the test's own, as a deployment of `previous` left it. */
const upgradeUrl = () => {
  const url = new URL(stackEnv().DATABASE_URL);
  url.pathname = '/embed_upgrade';
  return url.toString();
};

/** Applies migrations with the real migrate tool (tools/lib/migrate.mjs): all of them, or those of a folder of the same shape. */
function migrate(databaseUrl: string, migrationsFolder?: string): void {
  const script = `const { migrate } = await import('${path.join(repoRoot, 'tools', 'lib', 'migrate.mjs')}');
    migrate({ env: { DATABASE_URL: ${JSON.stringify(databaseUrl)} } }, { migrationsDir: ${JSON.stringify(migrationsFolder)} });`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`migrate failed: ${result.stderr}`);
}

/** The folder `previous`'s migrate image held: its migrations alone. */
function releasedMigrations(release: Release): string {
  const folder = path.join(repoRoot, '.local', profileName, `migrations-${release.version}`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  cpSync(path.join(migrationsDir, 'migration_lock.toml'), path.join(folder, 'migration_lock.toml'));
  for (const name of Object.keys(release.migrations)) cpSync(path.join(migrationsDir, name), path.join(folder, name), { recursive: true });
  return folder;
}

interface Column {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

async function columnsOf(databaseUrl: string): Promise<Column[]> {
  const rows = await query<{ table_name: string; column_name: string; data_type: string; udt_name: string; is_nullable: string; column_default: string | null; is_identity: string }>(
    `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, is_identity
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
    [],
    databaseUrl,
  );
  return rows.map((row) => ({
    table: row.table_name,
    column: row.column_name,
    type: `${row.data_type} ${row.udt_name}`,
    nullable: row.is_nullable === 'YES',
    hasDefault: row.column_default !== null || row.is_identity === 'YES',
  }));
}

/** A person's data as the previous release wrote it: every row names only the columns its schema had. */
function previousReleaseWrites(suffix: string, secretKey: string) {
  const ids = { workspace: `ws_up${suffix}`, project: `prj_up${suffix}`, key: `key_up${suffix}`, person: `psn_up${suffix}`, design: `UPGRADE${suffix}`.padEnd(26, '0').slice(0, 26) };
  const doc = JSON.stringify(exampleDesign('email'));
  const statements: [string, unknown[]][] = [
    ['INSERT INTO "Workspace" (id, name) VALUES ($1, $2)', [ids.workspace, `Upgraded ${suffix}`]],
    ['INSERT INTO "Project" (id, "workspaceId", name, mode) VALUES ($1, $2, $3, $4)', [ids.project, ids.workspace, `Upgraded ${suffix}`, 'email']],
    ['INSERT INTO "ApiKey" (id, "projectId", environment, "secretHash") VALUES ($1, $2, $3, $4)', [ids.key, ids.project, 'test', hashSecret(secretKey)]],
    ['INSERT INTO "AllowedSite" ("projectId", environment, origin) VALUES ($1, $2, $3)', [ids.project, 'test', EDITOR_SITE]],
    ['INSERT INTO "Person" (id, "projectId", environment, "externalId") VALUES ($1, $2, $3, $4)', [ids.person, ids.project, 'test', 'upgraded-person']],
    [
      'INSERT INTO "EditorToken" (id, "tokenHash", "personId", "projectId", environment, origin, "expiresAt") VALUES ($1, $2, $3, $4, $5, $6, now() + interval \'15 minutes\')',
      [`tok_up${suffix}`, hashSecret(`et_up${suffix}`), ids.person, ids.project, 'test', EDITOR_SITE],
    ],
    [
      'INSERT INTO "Design" (id, "projectId", environment, "personId", name, mode, doc, "updatedAt") VALUES ($1, $2, $3, $4, $5, $6, $7, now())',
      [ids.design, ids.project, 'test', ids.person, 'Written by the previous release', 'email', doc],
    ],
    ['INSERT INTO "RestorePoint" (id, "designId", revision, name, doc) VALUES ($1, $2, 0, $3, $4)', [`rp_up${suffix}`, ids.design, 'Written by the previous release', doc]],
    [
      'INSERT INTO "OutboxEvent" (id, "projectId", environment, type, "personId", "designId", data, "dispatchedAt") VALUES ($1, $2, $3, $4, $5, $6, $7, now())',
      [`evt_up${suffix}`, ids.project, 'test', 'design.saved', ids.person, ids.design, JSON.stringify({ designId: ids.design })],
    ],
  ];
  return { ids, statements };
}

async function write(databaseUrl: string, statements: [string, unknown[]][]): Promise<void> {
  for (const [sql, params] of statements) await query(sql, params, databaseUrl);
}

describe(`an upgrade from ${previous.version} on the local stack`, () => {
  const DATABASE_SERVICES = ['gateway', 'designs', 'erasure', 'webhook-dispatcher'];
  const secretKey = newSecretKey('test');
  const before = previousReleaseWrites('1', secretKey);
  let columnsBefore: Column[];
  let columnsAfter: Column[];

  beforeAll(async () => {
    await query('DROP DATABASE IF EXISTS embed_upgrade WITH (FORCE)');
    await query('CREATE DATABASE embed_upgrade');
    migrate(upgradeUrl(), releasedMigrations(previous));
    columnsBefore = await columnsOf(upgradeUrl());
    await write(upgradeUrl(), before.statements);
    migrate(upgradeUrl());
    columnsAfter = await columnsOf(upgradeUrl());
    await restartServices(DATABASE_SERVICES, { DATABASE_URL: upgradeUrl() });
  });

  afterAll(async () => {
    await restartServices(DATABASE_SERVICES);
    await query('DROP DATABASE IF EXISTS embed_upgrade WITH (FORCE)');
  });

  it(`applies every migration since ${previous.version} and nothing is left pending`, async () => {
    const applied = await query<{ migration_name: string }>('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name', [], upgradeUrl());
    expect(applied.map((row) => row.migration_name)).toEqual(allMigrations);
  });

  it(`keeps every column ${previous.version} reads with its type, and every new one optional for its inserts`, () => {
    const after = new Map(columnsAfter.map((column) => [`${column.table}.${column.column}`, column]));
    for (const column of columnsBefore) {
      expect({ column: `${column.table}.${column.column}`, type: after.get(`${column.table}.${column.column}`)?.type }).toEqual({ column: `${column.table}.${column.column}`, type: column.type });
    }
    const oldTables = new Set(columnsBefore.map((column) => column.table));
    const known = new Set(columnsBefore.map((column) => `${column.table}.${column.column}`));
    const added = columnsAfter.filter((column) => oldTables.has(column.table) && !known.has(`${column.table}.${column.column}`));
    for (const column of added) expect({ column: `${column.table}.${column.column}`, optional: column.nullable || column.hasDefault }).toEqual({ column: `${column.table}.${column.column}`, optional: true });
  });

  it(`takes ${previous.version}'s writes and reads after the upgrade, as its pods still running make them`, async () => {
    await write(upgradeUrl(), previousReleaseWrites('2', newSecretKey('test')).statements);
    for (const table of new Set(columnsBefore.map((column) => column.table))) {
      const columns = columnsBefore.filter((column) => column.table === table).map((column) => `"${column.column}"`);
      await expect(query(`SELECT ${columns.join(', ')} FROM "${table}"`, [], upgradeUrl())).resolves.toEqual(expect.any(Array));
    }
  });

  it(`serves ${previous.version}'s data through the new services, which read and write it`, async () => {
    const { ids } = before;
    const listed = await call('GET', '/embed/v1/users/upgraded-person/designs', { bearer: secretKey });
    expect({ status: listed.status, ids: listed.body?.designs?.map((design: any) => design.id) }).toEqual({ status: 200, ids: [ids.design] });
    const exported = await call('POST', `/embed/v1/designs/${ids.design}/export`, { bearer: secretKey, body: { user: { id: 'upgraded-person' } } });
    expect({ status: exported.status, html: exported.body?.html?.includes('<html') }).toEqual({ status: 200, html: true });
    // The previous release's tokens named no key and went with the upgrade: the editor asks for a new one.
    const oldToken = await call('GET', '/editor/v1/designs', { bearer: `et_up1`, headers: { origin: EDITOR_SITE } });
    expect(oldToken.status).toBe(401);
    const { editor } = await editorSession(secretKey, 'upgraded-person');
    const saved = await editor('PUT', `/designs/${ids.design}`, { body: { name: 'Saved after the upgrade', doc: exampleDesign('email') } });
    expect({ status: saved.status, revision: saved.body?.revision }).toEqual({ status: 200, revision: 1 });
    const revisions = await editor('GET', `/designs/${ids.design}/revisions`);
    expect(revisions.body.revisions.map((revision: any) => revision.name)).toEqual(['Saved after the upgrade', 'Written by the previous release']);
  });
});
