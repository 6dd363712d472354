import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import path from 'node:path';
import { num, str, url } from 'envalid';
import { type ConfigOf, databaseSpecs, httpSpecs, natsSpecs, redisSpecs, runtimeSpecs, storageSpecs, testTimeSpecs } from '@embed/config';
import { DataAccessModule } from '@embed/data-access';
import { LoggingModule, RedisModule, ServiceClientModule } from '@embed/service-runtime';
import { EditorTokenGuard } from './auth/editor-token.guard';
import { KeyResolver } from './auth/key-resolver';
import { SecretKeyGuard } from './auth/secret-key.guard';
import { EditorDesignsController } from './editor/editor-designs.controller';
import { EditorRenderController } from './editor/editor-render.controller';
import { EditorSessionController } from './editor/editor-session.controller';
import { EditorBrandKitController } from './editor/editor-brand-kit.controller';
import { EditorTemplatesController } from './editor/editor-templates.controller';
import { EditorSavedRowsController } from './editor/editor-saved-rows.controller';
import { EditorSites } from './editor/editor-sites';
import { EditorAssets } from './editor-assets/editor-assets';
import { EditorAssetsController } from './editor-assets/editor-assets.controller';
import { ExportsController } from './server-api/exports.controller';
import { ImportsController } from './server-api/imports.controller';
import { RenderController } from './server-api/render.controller';
import { BrandKitController } from './server-api/brand-kit.controller';
import { TemplatesController } from './server-api/templates.controller';
import { SavedRowsController } from './server-api/saved-rows.controller';
import { TokensController } from './server-api/tokens.controller';
import { UserDesignsController } from './server-api/user-designs.controller';
import { UsersController } from './server-api/users.controller';
import { FileDownloadsController } from './files/file-downloads.controller';
import { FilesModule } from './files/files.module';
import { ImageUploadsController } from './editor/editor-images.controller';
import { EditorImageLibraryController } from './editor/editor-image-library.controller';
import { ProjectImagesController } from './server-api/project-images.controller';
import { HealthController } from './health/health.controller';
import { HealthModule } from './health/health.module';
import { IdempotencySweep } from './idempotency/idempotency-sweep';
import { OpenApiController } from './openapi/openapi.controller';
import { ReferenceController } from './openapi/reference.controller';
import { ReferencePages, SITE_SETTINGS, type SiteSettings } from './openapi/reference-pages';
import { rateWindowSeconds } from './rate-limits/limits';
import { RATE_LIMIT_MULTIPLIER, RATE_WINDOW, RateLimiterService } from './rate-limits/rate-limiter.service';
import { UnauthenticatedBudget } from './rate-limits/unauthenticated-budget';
import { RateLimitGuard } from './rate-limits/rate-limit.guard';
import { ServiceCalls } from './services/call-service';

export const gatewaySpecs = {
  ...runtimeSpecs,
  ...httpSpecs,
  ...natsSpecs,
  ...databaseSpecs,
  ...redisSpecs,
  ...storageSpecs,
  ...testTimeSpecs,
  /** Multiplies every rate limit, for load tests; no request can change it. */
  RATE_LIMIT_MULTIPLIER: num({ default: 1 }),
  /** The built editor and SDK (tools/lib/build-editor.mjs), relative to the working directory. */
  EDITOR_ASSETS_DIR: str({ default: 'dist/editor' }),
  /** The editor demo site of a local stack, linked from the home page at the base URL; none elsewhere. */
  EDITOR_DEMO_URL: url({ default: undefined }),
};
export type GatewayConfig = ConfigOf<typeof gatewaySpecs>;

/** Every controller of the public port but health's (in HealthModule). */
export const GATEWAY_CONTROLLERS = [
  TokensController,
  UserDesignsController,
  UsersController,
  ExportsController,
  RenderController,
  ImportsController,
  TemplatesController,
  BrandKitController,
  ProjectImagesController,
  SavedRowsController,
  EditorDesignsController,
  EditorRenderController,
  EditorSessionController,
  EditorTemplatesController,
  EditorBrandKitController,
  EditorSavedRowsController,
  FileDownloadsController,
  ImageUploadsController,
  EditorImageLibraryController,
  EditorAssetsController,
  OpenApiController,
  ReferenceController,
];

/** Every controller the OpenAPI document describes: the public port's, health's included. */
export const DOCUMENTED_CONTROLLERS = [...GATEWAY_CONTROLLERS, HealthController];

/** The only public entry point: authenticates, limits and validates, then asks the services over NATS. */
@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    const site: SiteSettings = { publicBaseUrl: config.PUBLIC_BASE_URL.replace(/\/$/, ''), editorDemoUrl: config.EDITOR_DEMO_URL };
    return {
      module: GatewayModule,
      imports: [
        LoggingModule.forService('gateway', config.LOG_LEVEL),
        DataAccessModule.forRoot(config),
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
        EditorSites,
        RateLimitGuard,
        RateLimiterService,
        UnauthenticatedBudget,
        IdempotencySweep,
        { provide: RATE_LIMIT_MULTIPLIER, useValue: config.RATE_LIMIT_MULTIPLIER },
        { provide: RATE_WINDOW, useValue: rateWindowSeconds(config.TEST_TIME_SCALE) },
        { provide: EditorAssets, useValue: new EditorAssets(path.resolve(config.EDITOR_ASSETS_DIR)) },
        { provide: SITE_SETTINGS, useValue: site },
        { provide: ReferencePages, useValue: ReferencePages.load(site) },
      ],
    };
  }
}
