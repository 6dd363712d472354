import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { designForMode, fail, ok, type RenderDesignReply, type RenderDesignRequest } from '@embed/contracts';
import { NotStartedError, OutOfMemoryError, RanTooLongError } from '../workers/deadline-pool';
import { LayoutCache } from './layout-cache';
import { RenderPool } from './render-pool';

const TOO_COMPLEX = 'this design is too complex to render within the limits';
const SIMPLER = 'make it simpler (fewer or smaller html blocks, links or merge tags); sending it again will not help';

/**
 * Answers a render request: validate the document for the mode, then lay out (cached) and
 * merge on a render worker, within the render time limit and the request's deadline. A
 * render past them is stopped, and answered 422 design_too_complex: the same document
 * would be stopped again.
 */
@Injectable()
export class RenderService implements OnModuleDestroy {
  constructor(
    private readonly cache: LayoutCache,
    private readonly workers: RenderPool,
  ) {}

  /** `deadline`: the request's, in epoch milliseconds (none for work that has none). */
  async render({ mode, doc, designId, merge, text }: RenderDesignRequest, deadline?: number): Promise<RenderDesignReply> {
    const design = designForMode(doc, mode);
    if (!design.ok) return design;
    const key = LayoutCache.key(design.value, designId);
    try {
      const { rendered, layout } = await this.workers.run({ document: design.value, designId, merge, text, cached: this.cache.get(key) }, deadline);
      if (layout) this.cache.set(key, layout);
      return ok({ ...rendered, design: design.value });
    } catch (error) {
      if (error instanceof RanTooLongError) return fail(422, 'design_too_complex', `${TOO_COMPLEX}: its render ran past the ${error.limitMs} ms it may take; ${SIMPLER}`);
      if (error instanceof OutOfMemoryError) return fail(422, 'design_too_complex', `${TOO_COMPLEX}: its render needed more than the ${error.memoryMb} MB of memory it may use; ${SIMPLER}`);
      if (error instanceof NotStartedError) return fail(503, 'service_unavailable', "every render worker was busy until the request's deadline");
      throw error;
    }
  }

  onModuleDestroy(): Promise<void> {
    return this.workers.close();
  }
}
