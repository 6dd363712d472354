import { type DynamicModule, Module } from '@nestjs/common';
import { DataAccessModule } from '@embed/data-access';
import { BackendServiceModule } from '@embed/service-runtime';
import { DeliveryPump } from './delivery/delivery-pump';
import { PendingDeliveriesGauge } from './delivery/pending-deliveries-gauge';
import { DISPATCHER_CONFIG, type DispatcherConfig } from './dispatcher-config';
import { OutboxRelayLoop } from './outbox-relay/outbox-relay.loop';
import { DeliveryRetention } from './retention/delivery-retention';

export { webhookDispatcherSpecs } from './dispatcher-config';

/**
 * Delivers the outbox's events to integrators' webhooks, signed and retried: the relay
 * makes deliveries from the outbox, the pump claims due ones fairly and sends them, and a
 * gauge shows operators the backlog. Its providers live in this root module on purpose:
 * Nest stops the root's providers first, so the pump's attempts finish before the
 * database pool closes.
 */
@Module({})
export class WebhookDispatcherModule {
  static register(config: DispatcherConfig): DynamicModule {
    return {
      module: WebhookDispatcherModule,
      imports: [BackendServiceModule.forService('webhook-dispatcher', config.LOG_LEVEL), DataAccessModule.forRoot(config)],
      providers: [{ provide: DISPATCHER_CONFIG, useValue: config }, DeliveryPump, OutboxRelayLoop, DeliveryRetention, PendingDeliveriesGauge],
    };
  }
}
