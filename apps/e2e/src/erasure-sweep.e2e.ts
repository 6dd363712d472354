// @lane serial: watches every lock on the Design table.
import Redis from 'ioredis';
import { Client } from 'pg';
import { editorSession, exampleDesign, expectError, newProject } from './support/api';
import { query } from './support/database';
import { serviceSpecOf, stackEnv, waitFor } from './support/stack';
import { WebhookReceiver } from './support/webhook-receiver';
import { eraseUser, holdDesign, personRow, type PersonRef } from './erasure-helpers';

/** How long the erasure service waits between sweeps, as the suite started it. */
const sweepMs = () => Number(serviceSpecOf('erasure').env['ERASURE_SWEEP_MS']);
/** A sweep's interval plus room for a busy machine to run the erasure itself. */
const withinSweep = () => sweepMs() + 30_000;

async function withRedis<T>(use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(stackEnv().REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}

/** A person of a fresh project with one design, and the receiver of the project's webhooks. */
async function personWithDesign(receiver: WebhookReceiver, name: string) {
  const { projectId, testKey } = newProject('email', '--webhook-url', receiver.url(name));
  const person: PersonRef = { projectId, environment: 'test', userId: `${name}-${Date.now().toString(36)}` };
  const { editor } = await editorSession(testKey, person.userId);
  const design = (await editor('POST', '/designs', { body: { name: 'Kept busy', doc: exampleDesign('email') } })).body;
  return { person, testKey, designId: design.id as string };
}

/** The person is gone and the integrator was told: `user.erased` delivered to the receiver. */
async function expectErasedWithin(receiver: WebhookReceiver, name: string, person: PersonRef, timeoutMs: number): Promise<void> {
  await waitFor(`erasure of ${person.userId}`, async () => (await personRow(person)) === null, timeoutMs);
  const delivered = await receiver.waitFor(name, 'user.erased', (requests) => requests.some((r) => r.json.type === 'user.erased'), timeoutMs);
  expect(delivered.filter((r) => r.json.type === 'user.erased').map((r) => r.json.data)).toEqual([{ userId: person.userId }]);
}

describe('erasures that lost their job, or never had one', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => (receiver = await WebhookReceiver.start()));
  afterAll(() => receiver.stop());

  it('finishes an erasure whose job a Redis FLUSHALL lost mid-run, within the sweep interval', async () => {
    const { person, testKey, designId } = await personWithDesign(receiver, 'flushed');
    const release = await holdDesign(designId);
    try {
      expect((await eraseUser(testKey, person.userId)).status).toBe(202);
      // The job's run is under way, waiting for the held design.
      const [running] = await waitFor('the erasure to wait for the held design', () =>
        query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%DELETE FROM "Design"%'`).then((rows) => rows.length > 0 && rows),
      );
      await withRedis((redis) => redis.flushall());
      // The run fails, and its job is no longer there to be retried.
      await query('SELECT pg_terminate_backend($1)', [running.pid]);
    } finally {
      await release();
    }
    expect((await personRow(person))?.state).toBe('erasing');
    await expectErasedWithin(receiver, 'flushed', person, withinSweep());
  }, 120_000);

  it('answers 202 while Redis refuses the job (the mark is kept) and finishes once Redis takes writes again', async () => {
    const { person, testKey } = await personWithDesign(receiver, 'queue-down');
    // Redis refuses every write, a queued job included, as it does with too few replicas.
    await withRedis((redis) => redis.config('SET', 'min-replicas-to-write', '1'));
    try {
      expect((await eraseUser(testKey, person.userId)).status).toBe(202);
      expect((await personRow(person))?.state).toBe('erasing');
      // Sweeps come and go meanwhile, failing to queue it; the person stays refused.
      await new Promise((resolve) => setTimeout(resolve, 2 * sweepMs()));
      expect((await personRow(person))?.state).toBe('erasing');
    } finally {
      await withRedis((redis) => redis.config('SET', 'min-replicas-to-write', '0'));
    }
    await expectErasedWithin(receiver, 'queue-down', person, withinSweep());
  }, 120_000);

  it('answers 503 when the person cannot be marked in time, and then nothing changed', async () => {
    const { person, testKey } = await personWithDesign(receiver, 'busy');
    const { id: personId } = (await personRow(person))!;
    // A write of the person that does not finish: it holds the person's lock shared.
    const writer = new Client({ connectionString: stackEnv().DATABASE_URL });
    await writer.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))', [personId]);
      expectError(await eraseUser(testKey, person.userId), 503, 'service_unavailable');
      expect((await personRow(person))?.state).toBe('active');
      await writer.query('ROLLBACK');
    } finally {
      await writer.end();
    }
    expect((await eraseUser(testKey, person.userId)).status).toBe(202);
    await expectErasedWithin(receiver, 'busy', person, withinSweep());
  }, 120_000);
});
