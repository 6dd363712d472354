import { type DynamicModule, Module } from '@nestjs/common';
import { num } from 'envalid';
import { BackendServiceModule, type BackendConfig } from '@embed/service-runtime';
import { FilesController } from './exports/files.controller';
import { fileProviders, fileSpecs } from './exports/files.providers';
import { FilesService } from './exports/files.service';
import { ImportsController } from './imports/imports.controller';
import { LayoutCache } from './render/layout-cache';
import { RenderController } from './render/render.controller';
import { RenderService } from './render/render.service';

export const rendererSpecs = {
  /** Memory for cached layouts (HTML of documents rendered lately), in MB. */
  RENDER_CACHE_MB: num({ default: 64 }),
  ...fileSpecs,
};

/** Turns design documents into HTML, text, PDF, PNG and ZIP; scales in its own pods. */
@Module({})
export class RendererModule {
  static register(config: BackendConfig<typeof rendererSpecs>): DynamicModule {
    return {
      module: RendererModule,
      imports: [BackendServiceModule.forService('renderer', config.LOG_LEVEL)],
      controllers: [RenderController, FilesController, ImportsController],
      providers: [
        RenderService,
        { provide: LayoutCache, useValue: new LayoutCache(config.RENDER_CACHE_MB * 1024 * 1024) },
        FilesService,
        ...fileProviders(config),
      ],
    };
  }
}
