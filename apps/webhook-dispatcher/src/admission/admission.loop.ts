import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DeliveriesRepository } from '@embed/data-access';
import { DeliveryQueue } from '../delivery-queue/delivery-queue';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher-config';
import { PollLoop } from '../polling/poll-loop';

/** Due deliveries queued per run; the per-project window keeps it fair within that. */
const ADMIT_LIMIT = 1_000;

/**
 * Moves due deliveries from the database into the queue. The database is the record of
 * what must still be sent; the queue holds only a window of it per project, so one
 * project's backlog or slow receiver never delays another's. Because it re-queues any
 * due delivery whose job is missing (job ids are delivery ids), it also recovers
 * whatever a crash or a Redis restart lost, and picks up pings and redeliveries that the
 * admin command line writes.
 */
@Injectable()
export class AdmissionLoop implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AdmissionLoop.name);
  private readonly loop: PollLoop;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly queue: DeliveryQueue,
    @Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig,
  ) {
    this.loop = new PollLoop(() => this.admit(), config.WEBHOOK_POLL_MS, (err) => this.logger.warn({ err }, 'could not queue due deliveries'));
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
    await this.queue.enqueue(due);
    return false;
  }
}
