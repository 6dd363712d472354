import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Worker } from 'bullmq';
import { Counter } from 'prom-client';
import { ErasureRepository } from '@embed/data-access';
import { currentRequestContext, instrumentWorker, metricsRegistry, RedisConnection, runJob } from '@embed/service-runtime';
import { FilesNotDeletedError, ObjectStorage } from '@embed/storage';
import { ErasureLedger } from '../ledger/erasure-ledger';
import { ERASURE_QUEUE, ERASURE_WORKER_OPTIONS, type ErasureJob } from '../queue/erasure-queue';
import { erasePerson } from './erase-person';

/** Alert on any increase: a person's files the store refused to delete (docs/erasure.md, "Files the store will not delete"). */
const filesNotDeleted = new Counter({
  name: 'embed_erasure_files_not_deleted_total',
  help: 'Files of people being erased that the object store refused to delete after every attempt; the erasure fails and is run again',
  registers: [metricsRegistry],
});

/** Rows deleted per statement: bigger is faster, smaller holds locks for less time. */
export const ERASURE_BATCH_SIZE = Symbol('ERASURE_BATCH_SIZE');

/** Runs the erasure jobs of this replica; every replica runs one, sharing the queue. */
@Injectable()
export class ErasureWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ErasureWorker.name);
  private worker?: Worker<ErasureJob>;

  constructor(
    private readonly redis: RedisConnection,
    private readonly erasure: ErasureRepository,
    private readonly files: ObjectStorage,
    private readonly ledger: ErasureLedger,
    @Inject(ERASURE_BATCH_SIZE) private readonly batchSize: number,
  ) {}

  onApplicationBootstrap(): void {
    // A worker blocks on Redis, so it has connections of its own that wait out an outage.
    const connection = { ...this.redis.options, maxRetriesPerRequest: null };
    this.worker = new Worker<ErasureJob>(ERASURE_QUEUE, (job) => this.run(job.data), { connection, ...ERASURE_WORKER_OPTIONS });
    instrumentWorker(this.worker);
    // Logged by our id only: the integrator's id for the person never reaches a log.
    this.worker.on('failed', (job, err) => this.logger.warn({ err, personId: job?.data.personId, attempt: job?.attemptsMade }, 'erasure attempt failed'));
    this.worker.on('error', (err) => this.logger.error({ err }, 'erasure worker error'));
  }

  /** Lets the jobs in hand finish their current run; an interrupted one would resume anyway. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  /** One run of a job, in the context of the request that asked for the erasure. */
  private run({ requestId, traceparent, tracestate, ...target }: ErasureJob): Promise<void> {
    return runJob('erasure run', { requestId, traceparent, tracestate }, async () => {
      const started = Date.now();
      const writeLedger = (person: typeof target, userId: string) => this.ledger.write(person, userId);
      try {
        const erased = await erasePerson(this.erasure, this.files, writeLedger, target, this.batchSize, currentRequestContext());
        if (erased) this.logger.log({ personId: target.personId, ms: Date.now() - started }, 'person erased');
      } catch (error) {
        if (error instanceof FilesNotDeletedError) {
          filesNotDeleted.inc(error.files.length);
          this.logger.error({ personId: target.personId, files: error.files.length, first: error.files[0] }, 'the store refused to delete files of a person being erased; the erasure will run again');
        }
        throw error;
      }
    });
  }
}
