import type { Job, Queue, Worker } from 'bullmq';
import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from './metrics';
import { ScrapeCount } from './scrape-count';

/** The states worth watching: the backlog, the work in hand, retries waiting their turn, and failed jobs kept. */
export const DEPTH_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

type CountedQueue = Pick<Queue, 'name' | 'getJobCounts' | 'closing'>;

const queues = new Map<CountedQueue, ScrapeCount<Record<string, number>>>();

new Gauge({
  name: 'embed_queue_depth',
  help: 'Jobs in a BullMQ queue by state, read from Redis at each scrape; absent while Redis does not answer',
  labelNames: ['queue', 'state'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    await Promise.all(
      [...queues].map(async ([queue, depth]) => {
        if (queue.closing) {
          queues.delete(queue);
          return;
        }
        const counts = await depth.read();
        if (counts) for (const state of DEPTH_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
      }),
    );
  },
});

const jobAttempts = new Counter({
  name: 'embed_queue_job_attempts_total',
  help: 'Job attempts a worker finished, by queue and outcome (completed, retried, failed after the last attempt, stalled)',
  labelNames: ['queue', 'outcome'],
  registers: [metricsRegistry],
});

const jobDuration = new Histogram({
  name: 'embed_queue_job_duration_seconds',
  help: 'Time a worker spent on one job attempt, by queue and outcome',
  labelNames: ['queue', 'outcome'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [metricsRegistry],
});

/** Reports the queue's depth by state at every scrape, until the queue closes. */
export function instrumentQueue(queue: CountedQueue): void {
  queues.set(queue, new ScrapeCount(() => queue.getJobCounts(...DEPTH_STATES)));
}

/** Counts and times every attempt the worker finishes, by outcome. */
export function instrumentWorker(worker: Pick<Worker, 'name' | 'on'>): void {
  const record = (outcome: string, job: Pick<Job, 'processedOn' | 'finishedOn'> | undefined) => {
    jobAttempts.inc({ queue: worker.name, outcome });
    const seconds = job && attemptSeconds(job, Date.now());
    if (seconds !== undefined) jobDuration.observe({ queue: worker.name, outcome }, seconds);
  };
  worker.on('completed', (job) => record('completed', job));
  worker.on('failed', (job) => record(failureOutcome(job), job));
  worker.on('stalled', () => jobAttempts.inc({ queue: worker.name, outcome: 'stalled' }));
}

/**
 * A failed attempt that BullMQ will retry leaves the job unfinished; the last one, or one
 * that cannot be retried, finishes it. A job BullMQ could not even load counts as failed.
 */
export function failureOutcome(job: Pick<Job, 'finishedOn'> | undefined): 'retried' | 'failed' {
  return job && !job.finishedOn ? 'retried' : 'failed';
}

/** Seconds from the attempt's start to its end (now, for an attempt that is retried and so has no end recorded). */
export function attemptSeconds(job: Pick<Job, 'processedOn' | 'finishedOn'>, now: number): number | undefined {
  return job.processedOn ? ((job.finishedOn ?? now) - job.processedOn) / 1000 : undefined;
}

