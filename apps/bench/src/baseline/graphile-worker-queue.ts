// The durable baseline of the webhook benchmark: what an engineer would use instead of a
// dispatcher of their own, graphile-worker (0.17, the last line that runs on Node 20) in a
// process of its own on the same PostgreSQL. One job per envelope; its task signs the body
// at sending time (libs/webhook-signing), POSTs it over kept-alive connections and inserts
// one attempt row, as our delivery log keeps each attempt; a failed POST throws, so that
// graphile-worker retries it on its own backoff. The worker runs with the batching its
// performance guide recommends for a high-throughput queue (a local queue one larger than
// the concurrency, completions and failures released in batches), `concurrency` jobs at once.
import { type Job, Logger, makeWorkerUtils, run, type Runner, type Task, type WorkerUtils } from 'graphile-worker';
import { type Envelope, signedPost } from './signed-post';
import { answerRequests } from './helper-process';

export type QueueRequest = { kind: 'start'; connectionString: string; concurrency: number } | { kind: 'load'; envelopes: Envelope[] } | { kind: 'send' };

/** The schema of graphile-worker's tables (its default) and of the baseline's attempt log. */
const WORKER_SCHEMA = 'graphile_worker';
const LOG_SCHEMA = 'bench_graphile';
const TASK = 'deliver_webhook';
/** The guide's batching window for releasing finished and failed jobs, in ms. */
const RELEASE_BATCH_DELAY_MS = 25;

/** Warnings and errors only: its default logger writes a line per job, which would cost it time our dispatcher spends on its own log lines to a file. */
const logger = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') process.stderr.write(`graphile-worker ${level}: ${message}\n`);
});

const deliver: Task = async (payload, helpers) => {
  const envelope = payload as Envelope;
  const attemptedAt = new Date();
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    statusCode = await signedPost(envelope);
    if (statusCode < 200 || statusCode >= 300) error = `answered ${statusCode}`;
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  }
  await helpers.query(`INSERT INTO ${LOG_SCHEMA}.attempt (job_id, attempted_at, status_code, duration_ms, error) VALUES ($1, $2, $3, $4, $5)`, [
    (helpers.job as Job).id,
    attemptedAt,
    statusCode,
    Math.round(performance.now() - started),
    error,
  ]);
  if (error) throw new Error(error);
};

let utils: WorkerUtils | undefined;
let runner: Runner | undefined;
let loaded: Envelope[] = [];

async function start(connectionString: string, concurrency: number): Promise<void> {
  utils = await makeWorkerUtils({ connectionString, schema: WORKER_SCHEMA, logger });
  await utils.migrate();
  await utils.withPgClient((client) =>
    client.query(`CREATE SCHEMA IF NOT EXISTS ${LOG_SCHEMA};
      CREATE TABLE IF NOT EXISTS ${LOG_SCHEMA}.attempt (id bigserial PRIMARY KEY, job_id text NOT NULL, attempted_at timestamptz NOT NULL,
        status_code int, duration_ms int NOT NULL, error text);
      CREATE INDEX IF NOT EXISTS attempt_job ON ${LOG_SCHEMA}.attempt (job_id)`),
  );
  runner = await run({
    connectionString,
    schema: WORKER_SCHEMA,
    concurrency,
    // The guide: at least 10, or the concurrency plus two, whichever is larger.
    maxPoolSize: Math.max(10, concurrency + 2),
    noHandleSignals: true,
    logger,
    taskList: { [TASK]: deliver },
    preset: { worker: { localQueue: { size: concurrency + 1 }, completeJobBatchDelay: RELEASE_BATCH_DELAY_MS, failJobBatchDelay: RELEASE_BATCH_DELAY_MS } },
  });
}

answerRequests(async (request) => {
  const asked = request as QueueRequest;
  if (asked.kind === 'start') await start(asked.connectionString, asked.concurrency);
  else if (asked.kind === 'load') loaded = asked.envelopes;
  // One addJobs call: one statement queues the whole burst, as the outbox takes it in one insert.
  else await utils?.addJobs(loaded.map((payload) => ({ identifier: TASK, payload })));
  return {};
});

process.on('disconnect', () => void runner?.stop().finally(() => utils?.release()));
