import { Client } from 'pg';
import { type Benchmark, line, medianMs } from './benchmark';
import { referenceEmail } from './reference-email';
import { type BenchProject, bearer, call, editorToken, insertDesigns, newProject, personId } from './seed';
import { benchStack } from './stack';
import { percentile } from './stats';

const DESIGNS = 1_000;
/** Each run erases one person of DESIGNS designs and deletes another the plain way. */
const RUNS = 11;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const elapsedMs = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** A person made known with a token, with `designs` designs (see insertDesigns); our id of them and their designs' ids. */
async function seedPerson(db: Client, baseUrl: string, project: BenchProject, userId: string, designs: number) {
  await editorToken(baseUrl, project.key, userId);
  const designIds = await insertDesigns(db, project.projectId, userId, designs, referenceEmail());
  return { personId: await personId(db, project.projectId, userId), designIds };
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
    const project = newProject('erasure bench');
    const auth = bearer(project.key);
    const db = new Client({ connectionString: benchStack.databaseUrl() });
    await db.connect();
    try {
      const accepts: number[] = [];
      const erasures: number[] = [];
      const plainDeletes: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const erased = await seedPerson(db, baseUrl, project, `bench-erased-${run}`, DESIGNS);
        const asked = process.hrtime.bigint();
        await call('DELETE', `${baseUrl}/embed/v1/users/bench-erased-${run}`, auth);
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
      const [designId] = (await seedPerson(db, baseUrl, project, 'bench-reader', 1)).designIds;
      const getMs = await medianMs(() => call('GET', `${baseUrl}/embed/v1/users/bench-reader/designs/${designId}`, auth), RUNS);

      return [
        line('erasure.1000_designs.to_user_erased', 'ms', percentile(erasures, 0.5), 'one SQL transaction deleting the same data', percentile(plainDeletes, 0.5)),
        line('erasure.accept_202.p50', 'ms', percentile(accepts, 0.5), 'GET a design (same hops)', getMs),
      ];
    } finally {
      await db.end();
    }
  },
};
