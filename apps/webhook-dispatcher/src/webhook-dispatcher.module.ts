import { type DynamicModule, Module } from '@nestjs/common';
import { DataAccessModule } from '@embed/data-access';
import { BackendServiceModule, RedisModule } from '@embed/service-runtime';
import { AdmissionLoop } from './admission/admission.loop';
import { DeliveryWorker } from './delivery/delivery.worker';
import { DeliveryQueue } from './delivery-queue/delivery-queue';
import { DISPATCHER_CONFIG, type DispatcherConfig } from './dispatcher-config';
import { OutboxRelayLoop } from './outbox-relay/outbox-relay.loop';
import { DeliveryRetention } from './retention/delivery-retention';

export { webhookDispatcherSpecs } from './dispatcher-config';

/**
 * Delivers the outbox's events to integrators' webhooks, signed and retried: the relay
 * makes deliveries from the outbox, the admission loop queues due ones fairly, the
 * worker sends them. Its providers live in this root module on purpose: Nest stops the
 * root's providers first, so the worker finishes before the database pool closes.
 */
@Module({})
export class WebhookDispatcherModule {
  static register(config: DispatcherConfig): DynamicModule {
    return {
      module: WebhookDispatcherModule,
      imports: [
        BackendServiceModule.forService('webhook-dispatcher', config.LOG_LEVEL),
        DataAccessModule.forRoot(config),
        RedisModule.forRoot(config.REDIS_URL),
      ],
      providers: [{ provide: DISPATCHER_CONFIG, useValue: config }, DeliveryQueue, AdmissionLoop, OutboxRelayLoop, DeliveryWorker, DeliveryRetention],
    };
  }
}
