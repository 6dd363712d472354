import { setMaxListeners } from 'node:events';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CONTENT_TYPES, isStorageKey, ObjectStorage, StorageUnavailableError } from '@embed/storage';
import { fail, type FileFormat, formatUnavailable, ok, type RenderedDesign, type RenderFileReply, type RenderFileRequest } from '@embed/contracts';
import { deadlineSignal } from '@embed/service-runtime';
import { DEFAULT_LANGUAGE, type DesignDocument, designLanguages, servingLanguage } from '@embed/design-document';
import { RenderService } from '../render/render.service';
import { BrowserPool } from '../browser/browser-pool';
import { FairScheduler, QueueFullError } from '../workers/fair-scheduler';
import { loadDesign, printPdf, screenshotPng } from '../browser/page-capture';
import { ResourceLoader } from '../sandbox/resource-loader';
import { sandboxRequests } from '../sandbox/sandboxed-page';
import { buildZip } from './zip-export';

/**
 * Answers a file request: render the HTML (validated, mode checked, on a render worker:
 * a design past the render limit is 422 design_too_complex, render.service.ts), make the file (PDF
 * and PNG in the pooled browser, ZIP without one, all in turn with other tenants' jobs
 * under one concurrency limit), store it under the caller's key. Past the request's deadline (queue wait
 * included) it answers 503 and stores nothing.
 */
@Injectable()
export class FilesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(FilesService.name);

  constructor(
    private readonly renderer: RenderService,
    private readonly pool: BrowserPool,
    private readonly scheduler: FairScheduler,
    private readonly loader: ResourceLoader,
    private readonly storage: ObjectStorage,
  ) {}

  /** `deadline`: the request's, in epoch milliseconds, which the render works to as well. */
  async makeFile({ format, fullPage = true, allLanguages = false, storageKey, tenant, ...render }: RenderFileRequest, deadline?: number): Promise<RenderFileReply> {
    const signal = deadlineSignal();
    // Every resource the page loads listens for the deadline.
    setMaxListeners(200, signal);
    if (!isStorageKey(storageKey)) return fail(400, 'request_invalid', 'storageKey is not a storage key');
    const rendered = await this.renderer.render({ ...render, tenant }, deadline);
    if (!rendered.ok) return rendered;
    const unavailable = formatUnavailable(rendered.value.mode, format);
    if (unavailable) return unavailable;
    const languages = format === 'zip' && allLanguages ? await this.otherLanguages(rendered.value, render, tenant, deadline) : { ok: true as const, value: [] };
    if (!languages.ok) return languages;
    const warnings = [...new Set([...rendered.value.warnings, ...languages.value.flatMap((one) => one.warnings)])];
    try {
      // ZIPs take their turn with PDFs and PNGs: the same limit bounds the images they hold at once.
      const make = () => (format === 'zip' ? buildZip({ ...rendered.value, languages: languages.value }, this.loader, signal) : this.capture(rendered.value, format, fullPage, tenant, signal));
      const file = await this.scheduler.run(tenant, signal, make);
      signal.throwIfAborted();
      await this.storage.put(storageKey, file.body, CONTENT_TYPES[format]);
      return ok({ storageKey, bytes: file.body.length, warnings: [...warnings, ...file.warnings] });
    } catch (error) {
      if (error instanceof QueueFullError || error instanceof StorageUnavailableError) return fail(503, 'service_unavailable', error.message);
      if (signal.aborted) return fail(503, 'service_unavailable', `the ${format.toUpperCase()} was not made before the request's deadline`);
      // Chromium crashed or was killed under the job (puppeteer's TargetCloseError, left out of its
      // public types); the pool starts a new browser for the next job.
      if (error instanceof Error && error.name === 'TargetCloseError') return fail(503, 'service_unavailable', `the browser closed while making the ${format.toUpperCase()}`);
      throw error;
    }
  }

  /** The design rendered in each of its languages but the one `rendered` is in, for a ZIP of them all. */
  private async otherLanguages(rendered: RenderedDesign, render: Omit<RenderFileRequest, 'format' | 'fullPage' | 'allLanguages' | 'storageKey' | 'tenant'>, tenant: string, deadline?: number) {
    const design = rendered.design as DesignDocument;
    const served = (render.language && servingLanguage(design, render.language)) || (design.language ?? DEFAULT_LANGUAGE);
    const others = [];
    for (const language of designLanguages(design).filter((one) => one !== served)) {
      const one = await this.renderer.render({ ...render, language, tenant }, deadline);
      if (!one.ok) return one;
      others.push({ language, html: one.value.html, text: one.value.text, warnings: one.value.warnings });
    }
    return ok(others);
  }

  /** On a page of the pool, which a later job of the same tenant (project and environment) may load its own design into. */
  private capture(rendered: RenderedDesign, format: Exclude<FileFormat, 'zip'>, fullPage: boolean, tenant: string, signal: AbortSignal) {
    return this.pool.withPage(
      signal,
      async (page) => {
        const blocked = new Set<string>();
        const endSandbox = sandboxRequests(page, this.loader, (problem) => blocked.add(problem), signal);
        try {
          await loadDesign(page, rendered.mode, rendered.html);
          const bytes = format === 'pdf' ? await printPdf(page, rendered.mode) : await screenshotPng(page, fullPage);
          if (blocked.size > 0) this.logger.log(`the sandbox refused: ${[...blocked].join('; ')}`);
          return { body: Buffer.from(bytes), warnings: [...blocked].map((problem) => `Not shown in the file: ${problem}.`) };
        } finally {
          endSandbox();
        }
      },
      tenant,
    );
  }

  /** The browser and its spare pages are opened before the first file is asked for; a failure shows on that file. */
  onApplicationBootstrap(): void {
    void this.pool.warm();
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.shutdown();
  }
}
