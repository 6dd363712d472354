import { Inject, Injectable, Logger, type OnModuleDestroy, Optional } from '@nestjs/common';
import { designForMode, ok, type RenderDesignReply, type RenderDesignRequest, UNNAMED_TENANT } from '@embed/contracts';
import { LayoutCache } from './layout-cache';
import { RenderPool } from './render-pool';
import { type WorkNames, workerRefusal } from './worker-refusal';

/** The injection token of the share of renders checked against the reference merge (RENDER_AUDIT_SAMPLE). */
export const RENDER_AUDIT_SAMPLE = 'RENDER_AUDIT_SAMPLE';

const RENDER: WorkNames = {
  work: 'render',
  tooComplex: 'this design is too complex to render within the limits',
  simpler: 'make it simpler (fewer or smaller html blocks, links or merge tags); sending it again will not help',
};

/**
 * Answers a render request: validate the document for the mode, then lay out (cached) and
 * merge on a render worker, in the tenant's turn (render-pool.ts), within the render time
 * limit and the request's deadline. A render past them is stopped, and answered 422
 * design_too_complex: the same document would be stopped again.
 */
/** The service's public base URL (PUBLIC_BASE_URL): renders point at the images the renderer adds under it. */
export const PUBLIC_BASE_URL = 'PUBLIC_BASE_URL';

@Injectable()
export class RenderService implements OnModuleDestroy {
  private readonly logger = new Logger(RenderService.name);

  constructor(
    private readonly cache: LayoutCache,
    private readonly workers: RenderPool,
    @Optional() @Inject(PUBLIC_BASE_URL) private readonly publicBaseUrl?: string,
    @Optional() @Inject(RENDER_AUDIT_SAMPLE) private readonly auditSample = 0,
  ) {}

  /** `deadline`: the request's, in epoch milliseconds (none for work that has none). */
  async render({ tenant = UNNAMED_TENANT, mode, doc, designId, merge, text, mjml, language }: RenderDesignRequest, deadline?: number): Promise<RenderDesignReply> {
    const design = designForMode(doc, mode);
    if (!design.ok) return design;
    const key = LayoutCache.key(design.value, designId, language);
    try {
      const audit = this.auditSample > 0 && Math.random() < this.auditSample;
      const { rendered, layout, audit: found } = await this.workers.render(
        { document: design.value, designId, merge, text, mjml, language, publicBaseUrl: this.publicBaseUrl, cached: this.cache.get(key), audit },
        { tenant, deadline },
      );
      if (layout) this.cache.set(key, layout);
      // Never the values themselves: they are a person's data. The answer was the reference merge's.
      if (found) this.logger.error(`a compiled render failed its check (${found.unsafe} unsafe places; unlike the reference merge in: ${found.differs.join(', ') || 'nothing'}) for a ${mode} of ${tenant}; answered with the reference merge`);
      return ok({ ...rendered, design: design.value });
    } catch (error) {
      const refusal = workerRefusal(error, RENDER);
      if (refusal) return refusal;
      throw error;
    }
  }

  onModuleDestroy(): Promise<void> {
    return this.workers.close();
  }
}
