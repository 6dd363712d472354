import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { OutboxRelayRepository } from '@embed/data-access';
import { AdmissionLoop } from '../admission/admission.loop';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher-config';
import { PollLoop } from '../polling/poll-loop';

/** Outbox events per transaction: a burst is relayed in batches back to back. */
const RELAY_BATCH = 500;

/**
 * Polls the outbox and turns its events into deliveries (subscriptions applied,
 * `design.saved` coalesced). Every replica runs it; a database lock lets one relay at a
 * time, the others find it taken and wait for their next poll.
 */
@Injectable()
export class OutboxRelayLoop implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelayLoop.name);
  private readonly loop: PollLoop;

  constructor(
    private readonly relay: OutboxRelayRepository,
    private readonly admission: AdmissionLoop,
    @Inject(DISPATCHER_CONFIG) config: DispatcherConfig,
  ) {
    this.loop = new PollLoop(() => this.relayOnce(), config.WEBHOOK_POLL_MS, (err) => this.logger.warn({ err }, 'could not relay the outbox'));
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.loop.stop();
  }

  private async relayOnce(): Promise<boolean> {
    const batch = await this.relay.relayBatch(RELAY_BATCH);
    if (batch?.deliveries) this.admission.wake();
    return batch?.events === RELAY_BATCH;
  }
}
