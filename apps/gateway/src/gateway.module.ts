import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { type ConfigOf, databaseSpecs, httpSpecs, natsSpecs, redisSpecs, runtimeSpecs } from '@embed/config';
import { DataAccessModule } from '@embed/data-access';
import { LoggingModule, RedisModule, ServiceClientModule } from '@embed/service-runtime';
import { HealthModule } from './health/health.module';
import { ApiExceptionFilter } from './http/api-exception.filter';

export const gatewaySpecs = { ...runtimeSpecs, ...httpSpecs, ...natsSpecs, ...databaseSpecs, ...redisSpecs };
export type GatewayConfig = ConfigOf<typeof gatewaySpecs>;

/** The only public entry point: authenticates, limits and validates, then asks the services over NATS. */
@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        LoggingModule.forService('gateway', config.LOG_LEVEL),
        DataAccessModule.forRoot(config.DATABASE_URL),
        RedisModule.forRoot(config.REDIS_URL),
        ServiceClientModule.forRoot(config.NATS_URL),
        HealthModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}
