import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ErasureRepository } from '@embed/data-access';
import { PeriodicTask } from '@embed/service-runtime';
import { ErasureLedger } from '../ledger/erasure-ledger';
import { ErasureQueue } from '../queue/erasure-queue';

/** ERASURE_SWEEP_MS: how often everyone still `erasing` is queued again. */
export const ERASURE_SWEEP_MS = Symbol('ERASURE_SWEEP_MS');

/**
 * Finishes every erasure that lost its job: at start-up, then every interval, it queues
 * everyone still `erasing` with their deterministic job id. A person whose job is queued
 * or running gets nothing new; one whose job was never queued (Redis down when they were
 * marked), lost (Redis flushed) or given up after its last attempt (a long storage
 * outage) is queued again. A timer in the process rather than a repeatable BullMQ job,
 * since a flushed Redis would lose that too. Every replica sweeps; they only repeat each
 * other's work. Each sweep also re-applies the erasure ledger, so erasures that a restored
 * database backup undid are done again within one interval.
 */
@Injectable()
export class ErasureSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ErasureSweep.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly erasure: ErasureRepository,
    private readonly queue: ErasureQueue,
    private readonly ledger: ErasureLedger,
    @Inject(ERASURE_SWEEP_MS) intervalMs: number,
  ) {
    this.task = new PeriodicTask('the sweep of unfinished erasures', intervalMs, () => this.sweep(), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  /** Before the queue closes (beforeApplicationShutdown). */
  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  private async sweep(): Promise<void> {
    await this.ledger.reapply();
    for (const target of await this.erasure.unfinished()) await this.queue.enqueue(target);
  }
}
