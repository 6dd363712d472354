import { Injectable } from '@nestjs/common';
import { ok, type RenderDesignReply, type RenderDesignRequest } from '@embed/contracts';
import { designForMode } from '@embed/design-document';
import { finishRender } from '@embed/render-core';
import { LayoutCache } from './layout-cache';

/** Answers a render request: validate the document for the mode, lay out (cached), merge. */
@Injectable()
export class RenderService {
  constructor(private readonly cache: LayoutCache) {}

  render({ mode, doc, designId, merge, text }: RenderDesignRequest): RenderDesignReply {
    const design = designForMode(doc, mode);
    if (!design.ok) return design;
    const layout = this.cache.layout(design.value, designId);
    return ok(finishRender(layout, { merge, text }));
  }
}
