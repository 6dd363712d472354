import { type DynamicModule, Module } from '@nestjs/common';
import { BackendServiceModule, type BackendConfig } from '@embed/service-runtime';

export const rendererSpecs = {};

/** Turns design documents into HTML, text, PDF, PNG and ZIP; scales in its own pods. */
@Module({})
export class RendererModule {
  static register(config: BackendConfig<typeof rendererSpecs>): DynamicModule {
    return { module: RendererModule, imports: [BackendServiceModule.forService('renderer', config.LOG_LEVEL)] };
  }
}
