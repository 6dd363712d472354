import { type DynamicModule, Module } from '@nestjs/common';
import { databaseSpecs, redisSpecs } from '@embed/config';
import { DataAccessModule } from '@embed/data-access';
import { BackendServiceModule, type BackendConfig, RedisModule } from '@embed/service-runtime';

export const erasureSpecs = { ...databaseSpecs, ...redisSpecs };

/** Erases a person and all their data as a durable job, then reports it. */
@Module({})
export class ErasureModule {
  static register(config: BackendConfig<typeof erasureSpecs>): DynamicModule {
    return {
      module: ErasureModule,
      imports: [
        BackendServiceModule.forService('erasure', config.LOG_LEVEL),
        DataAccessModule.forRoot(config.DATABASE_URL),
        RedisModule.forRoot(config.REDIS_URL),
      ],
    };
  }
}
