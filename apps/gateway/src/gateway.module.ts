import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { num } from 'envalid';
import { type ConfigOf, databaseSpecs, httpSpecs, natsSpecs, redisSpecs, runtimeSpecs, storageSpecs } from '@embed/config';
import { DataAccessModule } from '@embed/data-access';
import { LoggingModule, RedisModule, ServiceClientModule } from '@embed/service-runtime';
import { EditorTokenGuard } from './auth/editor-token.guard';
import { KeyResolver } from './auth/key-resolver';
import { SecretKeyGuard } from './auth/secret-key.guard';
import { EditorDesignsController } from './editor/editor-designs.controller';
import { ExportsController } from './embed/exports.controller';
import { RenderController } from './embed/render.controller';
import { TokensController } from './embed/tokens.controller';
import { UserDesignsController } from './embed/user-designs.controller';
import { UsersController } from './embed/users.controller';
import { FileDownloadsController } from './files/file-downloads.controller';
import { FilesModule } from './files/files.module';
import { ImageUploadsController } from './files/image-uploads.controller';
import { HealthModule } from './health/health.module';
import { OpenApiController } from './openapi/openapi.controller';
import { RATE_LIMIT_MULTIPLIER, RateLimiterService } from './rate-limits/rate-limiter.service';
import { RateLimitGuard } from './rate-limits/rate-limit.guard';
import { ServiceCalls } from './services/call-service';

export const gatewaySpecs = {
  ...runtimeSpecs,
  ...httpSpecs,
  ...natsSpecs,
  ...databaseSpecs,
  ...redisSpecs,
  ...storageSpecs,
  /** Multiplies every rate limit, for load tests; no request can change it. */
  RATE_LIMIT_MULTIPLIER: num({ default: 1 }),
};
export type GatewayConfig = ConfigOf<typeof gatewaySpecs>;

/** Every controller of the public port but health's (in HealthModule). */
export const GATEWAY_CONTROLLERS = [
  TokensController,
  UserDesignsController,
  UsersController,
  ExportsController,
  RenderController,
  EditorDesignsController,
  FileDownloadsController,
  ImageUploadsController,
  OpenApiController,
];

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
        DiscoveryModule,
        FilesModule.register(config),
      ],
      controllers: GATEWAY_CONTROLLERS,
      providers: [
        ServiceCalls,
        KeyResolver,
        SecretKeyGuard,
        EditorTokenGuard,
        RateLimitGuard,
        RateLimiterService,
        { provide: RATE_LIMIT_MULTIPLIER, useValue: config.RATE_LIMIT_MULTIPLIER },
      ],
    };
  }
}
