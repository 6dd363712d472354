import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DeliveriesRepository, deleteInBatches, OutboxRelayRepository } from '@embed/data-access';
import { PeriodicTask } from '@embed/service-runtime';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher-config';

/** Rows deleted per statement, so that a first sweep over a large backlog never holds locks for long. */
const BATCH = 500;

/**
 * Deletes finished deliveries and relayed outbox events past
 * WEBHOOK_DELIVERY_RETENTION_DAYS, at start and then every WEBHOOK_RETENTION_SWEEP_MS.
 * Every replica sweeps; they only repeat each other's work.
 */
@Injectable()
export class DeliveryRetention implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DeliveryRetention.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly outbox: OutboxRelayRepository,
    @Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig,
  ) {
    this.task = new PeriodicTask('the sweep of expired deliveries and outbox events', config.WEBHOOK_RETENTION_SWEEP_MS, () => this.deleteExpired(), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  private async deleteExpired(): Promise<void> {
    const retentionDays = this.config.WEBHOOK_DELIVERY_RETENTION_DAYS;
    const deliveries = await deleteInBatches((limit) => this.deliveries.deleteFinishedBefore(retentionDays, limit), BATCH);
    const outboxEvents = await deleteInBatches((limit) => this.outbox.deleteRelayedBefore(retentionDays, limit), BATCH);
    if (deliveries + outboxEvents > 0) this.logger.log({ deliveries, outboxEvents, retentionDays }, 'deleted deliveries and outbox events past their retention');
  }
}

