import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import { designForMode, ok, type RenderDesignReply, type RenderDesignRequest, UNNAMED_TENANT } from '@embed/contracts';
import { LayoutCache } from './layout-cache';
import { RenderPool } from './render-pool';
import { type WorkNames, workerRefusal } from './worker-refusal';

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
  constructor(
    private readonly cache: LayoutCache,
    private readonly workers: RenderPool,
    @Optional() @Inject(PUBLIC_BASE_URL) private readonly publicBaseUrl?: string,
  ) {}

  /** `deadline`: the request's, in epoch milliseconds (none for work that has none). */
  async render({ tenant = UNNAMED_TENANT, mode, doc, designId, merge, text, mjml, language }: RenderDesignRequest, deadline?: number): Promise<RenderDesignReply> {
    const design = designForMode(doc, mode);
    if (!design.ok) return design;
    const key = LayoutCache.key(design.value, designId, language);
    try {
      const { rendered, layout } = await this.workers.render({ document: design.value, designId, merge, text, mjml, language, publicBaseUrl: this.publicBaseUrl, cached: this.cache.get(key) }, { tenant, deadline });
      if (layout) this.cache.set(key, layout);
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
