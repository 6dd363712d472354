import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DatabaseNotifications, OUTBOX_CHANNEL, OutboxRelayRepository } from '@embed/data-access';
import { DeliveryPump } from '../delivery/delivery-pump';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher-config';
import { PollLoop } from '../polling/poll-loop';
import { FIRST_RELAY_BATCH, nextRelayBatch } from './relay-batch';
import { planRelay } from './relay-plan';

/**
 * Turns the outbox's events into deliveries (subscriptions applied, `design.saved`
 * coalesced) as soon as they are committed: the outbox's trigger notifies at commit, and
 * the poll catches what a lost notification or connection missed. Every replica runs it;
 * a database lock lets one relay at a time, the others find it taken and wait.
 */
@Injectable()
export class OutboxRelayLoop implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelayLoop.name);
  private readonly loop: PollLoop;
  private readonly notifications: DatabaseNotifications;
  private batchSize = FIRST_RELAY_BATCH;

  constructor(
    private readonly relay: OutboxRelayRepository,
    private readonly pump: DeliveryPump,
    @Inject(DISPATCHER_CONFIG) config: DispatcherConfig,
  ) {
    this.loop = new PollLoop(() => this.relayOnce(), config.WEBHOOK_POLL_MS, (err) => this.logger.warn({ err }, 'could not relay the outbox'));
    this.notifications = new DatabaseNotifications(config.DATABASE_URL, OUTBOX_CHANNEL, () => this.loop.wake());
  }

  onApplicationBootstrap(): void {
    this.loop.start();
    this.notifications.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.notifications.stop();
    await this.loop.stop();
  }

  private async relayOnce(): Promise<boolean> {
    const size = this.batchSize;
    const batch = await this.relay.relayBatch(size, planRelay);
    this.batchSize = nextRelayBatch(size, batch.events);
    if (batch.deliveries) this.pump.wake();
    return batch.events === size;
  }
}
