import { type DynamicModule, Module } from '@nestjs/common';
import { databaseSpecs, redisSpecs } from '@embed/config';
import { DataAccessModule } from '@embed/data-access';
import { BackendServiceModule, type BackendConfig, RedisModule } from '@embed/service-runtime';

export const webhookDispatcherSpecs = { ...databaseSpecs, ...redisSpecs };

/** Delivers the outbox's events to integrators' webhooks, signed and retried. */
@Module({})
export class WebhookDispatcherModule {
  static register(config: BackendConfig<typeof webhookDispatcherSpecs>): DynamicModule {
    return {
      module: WebhookDispatcherModule,
      imports: [
        BackendServiceModule.forService('webhook-dispatcher', config.LOG_LEVEL),
        DataAccessModule.forRoot(config.DATABASE_URL),
        RedisModule.forRoot(config.REDIS_URL),
      ],
    };
  }
}
