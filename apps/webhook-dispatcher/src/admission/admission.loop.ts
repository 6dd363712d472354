import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DeliveriesRepository } from '@embed/data-access';
import { DeliveryQueue } from '../delivery-queue/delivery-queue';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher-config';
import { PollLoop } from '../polling/poll-loop';
import { admissionStep, NOTHING_QUEUED } from './admission-memory';

/** Due deliveries queued per run; the per-project window keeps it fair within that. */
const ADMIT_LIMIT = 1_000;

/** The least time between two runs woken by finished attempts: under load one run refills the windows for many attempts. */
const MIN_GAP_MS = 10;

/** How often every due delivery is queued again, found due before or not: how long a job Redis lost may wait to come back. */
const SWEEP_MS = 5_000;

/**
 * Moves due deliveries from the database into the queue. The database is the record of
 * what must still be sent; the queue holds only a window of it per project, so one
 * project's backlog or slow receiver never delays another's. Because it re-queues any
 * due delivery whose job is missing (job ids are delivery ids; see admissionStep for how
 * often), it also recovers whatever a crash or a Redis restart lost, and picks up pings
 * and redeliveries that the admin command line writes.
 */
@Injectable()
export class AdmissionLoop implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AdmissionLoop.name);
  private readonly loop: PollLoop;
  private memory = NOTHING_QUEUED;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly queue: DeliveryQueue,
    @Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig,
  ) {
    this.loop = new PollLoop(() => this.admit(), config.WEBHOOK_POLL_MS, (err) => this.logger.warn({ err }, 'could not queue due deliveries'), MIN_GAP_MS);
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  /** Called when deliveries were made or finished: a window slot may be free. */
  wake(): void {
    this.loop.wake();
  }

  async onModuleDestroy(): Promise<void> {
    await this.loop.stop();
  }

  private async admit(): Promise<boolean> {
    const due = await this.deliveries.due(this.config.WEBHOOK_PROJECT_WINDOW, ADMIT_LIMIT);
    const step = admissionStep(due, this.memory, Date.now(), SWEEP_MS);
    await this.queue.enqueue(step.toQueue);
    // Remembered only once queued: after a failure, the next run queues them again.
    this.memory = step.memory;
    return false;
  }
}
