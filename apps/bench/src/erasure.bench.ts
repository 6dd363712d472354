import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { type Benchmark, line, medianMs } from './benchmark';
import { referenceEmail } from './reference-email';
import { benchStack } from './stack';
import { percentile } from './stats';

const DESIGNS = 1_000;
/** Each run erases one person of DESIGNS designs and deletes another the plain way. */
const RUNS = 11;
const ORIGIN = 'http://localhost:8080';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const elapsedMs = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function send(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Response> {
  const json = body === undefined ? {} : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(url, { method, headers, ...json });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** A project made with the admin command line, as an operator would. */
function newProject(): { projectId: string; key: string } {
  const admin = path.join(__dirname, '..', '..', 'admin', 'src', 'main.js');
  const created = spawnSync(process.execPath, [admin, 'project', 'create', '--name', 'erasure bench', '--mode', 'email'], { encoding: 'utf8' });
  if (created.status !== 0) throw new Error(created.stderr);
  const project = JSON.parse(created.stdout);
  return { projectId: project.projectId, key: project.keys.test.secret };
}

/**
 * A person made known with a token, given `designs` designs written straight into the
 * database as the API leaves them (each with a restore point and its `design.saved`
 * event): saving 1,000 designs through the API would take most of the benchmark's time.
 * Returns our id of the person and the first design's id.
 */
async function seedPerson(db: Client, baseUrl: string, project: { projectId: string; key: string }, userId: string, designs: number) {
  await send('POST', `${baseUrl}/embed/v1/tokens`, { authorization: `Bearer ${project.key}` }, { user: { id: userId }, origin: ORIGIN });
  const person = await personId(db, project.projectId, userId);
  const { rows } = await db.query<{ id: string }>(
    `WITH designs AS (
       INSERT INTO "Design" (id, "projectId", environment, "personId", name, mode, revision, doc, "updatedAt")
       SELECT upper(substr(md5(random()::text || n), 1, 26)), $1, 'test', $2, 'Bench ' || n, 'email', 0, $3::jsonb, now()
       FROM generate_series(1, $4::int) n
       RETURNING id
     ), points AS (
       INSERT INTO "RestorePoint" (id, "designId", revision, name, doc) SELECT 'rp_' || lower(id), id, 0, 'Bench', $3::jsonb FROM designs
     ), events AS (
       INSERT INTO "OutboxEvent" (id, "projectId", environment, type, "personId", "designId", data)
       SELECT 'evt_' || lower(id), $1, 'test', 'design.saved', $2, id, jsonb_build_object('designId', id, 'userId', $5::text, 'revision', 0) FROM designs
     )
     SELECT id FROM designs`,
    [project.projectId, person, JSON.stringify(referenceEmail()), designs, userId],
  );
  return { personId: person, designId: rows[0]?.id };
}

async function personId(db: Client, projectId: string, userId: string): Promise<string> {
  const { rows } = await db.query(`SELECT id FROM "Person" WHERE "projectId" = $1 AND environment = 'test' AND "externalId" = $2`, [projectId, userId]);
  return rows[0].id;
}

/** Polls until the person's row is gone: the transaction that removes it writes `user.erased`. */
async function untilErased(db: Client, id: string): Promise<void> {
  while ((await db.query('SELECT 1 FROM "Person" WHERE id = $1', [id])).rowCount) await sleep(2);
}

/**
 * Erasure of a person with 1,000 designs from DELETE to `user.erased` written, against
 * the same data removed by one plain SQL transaction (the cascade from the person plus
 * their events): the ratio is what batching, the queue and the crash safety cost. The
 * 202's latency (for the same people, 1,000 designs each) is compared with a GET of a
 * design, which makes the same hops (gateway, key, rate limit, NATS, one query).
 */
export const benchmark: Benchmark = {
  name: 'erasure',
  async run() {
    const baseUrl = benchStack.baseUrl();
    const project = newProject();
    const auth = { authorization: `Bearer ${project.key}` };
    const db = new Client({ connectionString: benchStack.databaseUrl() });
    await db.connect();
    try {
      const accepts: number[] = [];
      const erasures: number[] = [];
      const plainDeletes: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const erased = await seedPerson(db, baseUrl, project, `bench-erased-${run}`, DESIGNS);
        const asked = process.hrtime.bigint();
        await send('DELETE', `${baseUrl}/embed/v1/users/bench-erased-${run}`, auth);
        accepts.push(elapsedMs(asked));
        await untilErased(db, erased.personId);
        erasures.push(elapsedMs(asked));

        const plain = await seedPerson(db, baseUrl, project, `bench-plain-${run}`, DESIGNS);
        const start = process.hrtime.bigint();
        await db.query('BEGIN');
        await db.query('DELETE FROM "OutboxEvent" WHERE "personId" = $1', [plain.personId]);
        await db.query('DELETE FROM "Person" WHERE id = $1', [plain.personId]);
        await db.query('COMMIT');
        plainDeletes.push(elapsedMs(start));
      }
      const { designId } = await seedPerson(db, baseUrl, project, 'bench-reader', 1);
      const getMs = await medianMs(() => send('GET', `${baseUrl}/embed/v1/users/bench-reader/designs/${designId}`, auth), RUNS);

      return [
        line('erasure.1000_designs.to_user_erased', 'ms', percentile(erasures, 0.5), 'one SQL transaction deleting the same data', percentile(plainDeletes, 0.5)),
        line('erasure.accept_202.p50', 'ms', percentile(accepts, 0.5), 'GET a design (same hops)', getMs),
      ];
    } finally {
      await db.end();
    }
  },
};
