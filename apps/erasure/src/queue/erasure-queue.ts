import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { type JobsOptions, Queue, type WorkerOptions } from 'bullmq';
import type { ErasureTarget } from '@embed/data-access';
import { instrumentQueue, jobContext, type JobContext, RedisConnection } from '@embed/service-runtime';

/** The queue's name and every option of its jobs and workers, in one place. */
export const ERASURE_QUEUE = 'erasure';

/** One job per person: adding it again while it is queued or running adds nothing, so asking twice is the same request. */
export const erasureJobId = (personId: string) => `erase-${personId}`;

/**
 * A failed run is retried with backoff (about 17 minutes from the first to the last
 * attempt). A job given up is removed rather than kept: the person stays `erasing`,
 * and asking again, or the next start of the service, queues them anew.
 */
export const ERASURE_JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: true,
};

/**
 * The job is a loop of short batches and BullMQ renews its lock every lockDuration / 2
 * while it runs, so lockDuration only has to outlast one batch by far; it is also how
 * long a killed worker's job waits before another worker resumes it. Erasure is
 * idempotent, so a job found stalled is simply run again, as often as it happens.
 */
export const ERASURE_WORKER_OPTIONS: Omit<WorkerOptions, 'connection'> = {
  concurrency: 2,
  lockDuration: 30_000,
  stalledInterval: 10_000,
  maxStalledCount: 100,
};

/** An erasure job: whom to erase, and the request that asked for it (none when queued again at start). */
export type ErasureJob = ErasureTarget & JobContext;

@Injectable()
export class ErasureQueue implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ErasureQueue.name);
  private readonly queue: Queue<ErasureJob>;

  constructor(redis: RedisConnection) {
    this.queue = new Queue<ErasureJob>(ERASURE_QUEUE, { connection: redis, defaultJobOptions: ERASURE_JOB_OPTIONS });
    // A queue re-emits its connection's errors; without a listener one would end the process.
    this.queue.on('error', (err) => this.logger.warn({ err }, 'the erasure queue lost Redis; it reconnects'));
    instrumentQueue(this.queue);
  }

  async enqueue(target: ErasureTarget): Promise<void> {
    await this.queue.add('erase', { ...target, ...jobContext() }, { jobId: erasureJobId(target.personId) });
  }

  // Before the shared Redis connection quits (it does on application shutdown).
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
