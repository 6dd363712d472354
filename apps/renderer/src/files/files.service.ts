import { setMaxListeners } from 'node:events';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CONTENT_TYPES, ObjectStorage } from '@embed/storage';
import { fail, type FileFormat, modeMakesFormat, ok, type RenderedDesign, type RenderFileReply } from '@embed/contracts';
import { RenderService } from '../render/render.service';
import { BrowserPool } from './browser-pool';
import { FairScheduler, QueueFullError } from './fair-scheduler';
import { splitFileRequest } from './file-request';
import { loadDesign, printPdf, screenshotPng } from './page-capture';
import { ResourceLoader } from './resource-loader';
import { sandboxRequests } from './sandboxed-page';
import { buildZip } from './zip-export';

/** How long one file may take from the moment its request arrives, queue included. */
export const FILE_DEADLINE_MS = Symbol('FILE_DEADLINE_MS');

/**
 * Answers a file request: render the HTML (validated, mode checked), make the file (PDF
 * and PNG in the pooled browser, in turn with other tenants' jobs; ZIP without a
 * browser), store it under the caller's key. Past the deadline it answers 503 and
 * stores nothing.
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
    @Inject(FILE_DEADLINE_MS) private readonly deadlineMs: number,
  ) {}

  async makeFile(payload: unknown): Promise<RenderFileReply> {
    const signal = AbortSignal.timeout(this.deadlineMs);
    // Every resource the page loads listens for the deadline.
    setMaxListeners(200, signal);
    const parts = splitFileRequest(payload);
    if (!parts.ok) return fail(400, 'request_invalid', parts.problem);
    const rendered = this.renderer.render(parts.render);
    if (!rendered.ok) return rendered;
    const { mode } = rendered.value;
    const { format, fullPage = true, storageKey, tenant } = parts.file;
    if (!modeMakesFormat(mode, format)) return fail(409, 'mode_unavailable', `a ${mode} design makes no ${format.toUpperCase()}`);
    try {
      const file = format === 'zip' ? await buildZip(rendered.value, this.loader, signal) : await this.scheduler.run(tenant, signal, () => this.capture(rendered.value, format, fullPage, signal));
      signal.throwIfAborted();
      await this.storage.put(storageKey, file.body, CONTENT_TYPES[format]);
      return ok({ storageKey, bytes: file.body.length, warnings: [...rendered.value.warnings, ...file.warnings] });
    } catch (error) {
      if (error instanceof QueueFullError) return fail(503, 'service_unavailable', error.message);
      if (signal.aborted) return fail(503, 'service_unavailable', `the ${format.toUpperCase()} took longer than ${this.deadlineMs} ms to make`);
      throw error;
    }
  }

  private capture(rendered: RenderedDesign, format: Exclude<FileFormat, 'zip'>, fullPage: boolean, signal: AbortSignal) {
    return this.pool.withPage(signal, async (page) => {
      const blocked = new Set<string>();
      sandboxRequests(page, this.loader, (problem) => blocked.add(problem), signal);
      await loadDesign(page, rendered.mode, rendered.html);
      const bytes = format === 'pdf' ? await printPdf(page, rendered.mode) : await screenshotPng(page, fullPage);
      if (blocked.size > 0) this.logger.log(`the sandbox refused: ${[...blocked].join('; ')}`);
      return { body: Buffer.from(bytes), warnings: [...blocked].map((problem) => `Not shown in the file: ${problem}.`) };
    });
  }

  /** The browser and its spare pages are opened before the first file is asked for; a failure shows on that file. */
  onApplicationBootstrap(): void {
    void this.pool.warm();
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.shutdown();
  }
}
