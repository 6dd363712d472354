import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DeliveriesRepository } from '@embed/data-access';
import { PeriodicTask } from '@embed/service-runtime';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher-config';

/** Rows deleted per statement, so that a first sweep over a large backlog never holds locks for long. */
const BATCH = 500;

/**
 * Deletes finished deliveries past WEBHOOK_DELIVERY_RETENTION_DAYS, at start and then
 * every WEBHOOK_RETENTION_SWEEP_MS. Every replica sweeps; they only repeat each other's work.
 */
@Injectable()
export class DeliveryRetention implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DeliveryRetention.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    @Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig,
  ) {
    this.task = new PeriodicTask('the sweep of expired deliveries', config.WEBHOOK_RETENTION_SWEEP_MS, () => this.deleteExpired(), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  private async deleteExpired(): Promise<void> {
    let total = 0;
    let deleted: number;
    do {
      deleted = await this.deliveries.deleteFinishedBefore(this.config.WEBHOOK_DELIVERY_RETENTION_DAYS, BATCH);
      total += deleted;
    } while (deleted === BATCH);
    if (total > 0) this.logger.log({ deleted: total, retentionDays: this.config.WEBHOOK_DELIVERY_RETENTION_DAYS }, 'deleted deliveries past their retention');
  }
}
