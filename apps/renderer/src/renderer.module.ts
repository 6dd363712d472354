import { availableParallelism } from 'node:os';
import { type DynamicModule, Module } from '@nestjs/common';
import { num } from 'envalid';
import { fraction, positiveInt } from '@embed/config';
import { BackendServiceModule, type BackendConfig } from '@embed/service-runtime';
import { FilesController } from './exports/files.controller';
import { fileProviders, fileSpecs } from './exports/files.providers';
import { FilesService } from './exports/files.service';
import { ImportsController } from './imports/imports.controller';
import { ImportsService } from './imports/imports.service';
import { LayoutCache } from './render/layout-cache';
import { RenderController } from './render/render.controller';
import { RENDER_WORKER_FILE, RenderPool } from './render/render-pool';
import { PUBLIC_BASE_URL, RENDER_AUDIT_SAMPLE, RenderService } from './render/render.service';

export const rendererSpecs = {
  /** Memory for cached layouts (HTML of documents rendered lately), in MB. */
  RENDER_CACHE_MB: num({ default: 64 }),
  /** The share of renders (0 to 1) also made by the reference merge and read by parse5 with the safety audit's rules (docs/design-document.md, Rendering); one that differs or fails is answered with the reference merge's and logged as an error. 0 turns the check off. */
  RENDER_AUDIT_SAMPLE: fraction({ default: 0 }),
  /** Renders (layout and merge) and imports run at once, each on a worker thread kept warm, plus one spare worker for the job after one stopped at the limit; a render waits for a free one, taken from each project in turn. One per core: the default counts the cores Node sees, which in a container with a CPU limit are the node's, so set it to the limit there (deploy/k8s does). */
  RENDER_WORKERS: positiveInt({ default: availableParallelism() }),
  /** The longest one render's layout and merge may run on its worker (capped by the request's deadline); past it the worker is stopped and replaced, and the render is answered 422 design_too_complex (503 service_unavailable when the deadline stopped it first). */
  RENDER_TIME_LIMIT_MS: positiveInt({ default: 5_000 }),
  /** The heap one render worker may use, in MB; a render that needs more is answered 422 design_too_complex. */
  RENDER_WORKER_MEMORY_MB: positiveInt({ default: 512 }),
  /** Renders and imports of one project (and environment) that may wait for a render worker; the workers take waiting jobs from each project in turn. Past it, that project's next one is answered 503 service_unavailable at once. */
  RENDER_PROJECT_QUEUE_LIMIT: positiveInt({ default: 20 }),
  /** Renders and imports of all projects that may wait for a render worker; past it, 503 service_unavailable at once. */
  RENDER_WORKER_QUEUE_LIMIT: positiveInt({ default: 200 }),
  ...fileSpecs,
};

/** Turns design documents into HTML, text, PDF, PNG and ZIP; scales in its own pods. */
@Module({})
export class RendererModule {
  static register(config: BackendConfig<typeof rendererSpecs>): DynamicModule {
    const workers = new RenderPool({ filename: RENDER_WORKER_FILE, threads: config.RENDER_WORKERS, limitMs: config.RENDER_TIME_LIMIT_MS, memoryMb: config.RENDER_WORKER_MEMORY_MB,
      queue: { total: config.RENDER_WORKER_QUEUE_LIMIT, perTenant: config.RENDER_PROJECT_QUEUE_LIMIT },
    });
    return {
      module: RendererModule,
      imports: [BackendServiceModule.forService('renderer', config.LOG_LEVEL)],
      controllers: [RenderController, FilesController, ImportsController],
      providers: [
        RenderService,
        { provide: PUBLIC_BASE_URL, useValue: config.PUBLIC_BASE_URL },
        ImportsService,
        { provide: LayoutCache, useValue: new LayoutCache(config.RENDER_CACHE_MB * 1024 * 1024) },
        { provide: RENDER_AUDIT_SAMPLE, useValue: config.RENDER_AUDIT_SAMPLE },
        { provide: RenderPool, useValue: workers },
        FilesService,
        // Ready once the render workers have loaded: a render sent sooner would wait for them.
        ...fileProviders(config, { 'render workers': () => workers.loaded }),
      ],
    };
  }
}
