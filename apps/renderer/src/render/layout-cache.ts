import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { DesignDocument } from '@embed/design-document';
import { type Layout, layoutDesign, RENDERER_VERSION } from '@embed/render-core';

/**
 * The layouts of recently rendered documents, so that repeated renders of one saved design
 * only apply the merge. Keyed by a hash of the document, the design id and the renderer
 * version; bounded by the bytes of HTML it holds.
 */
export class LayoutCache {
  private readonly layouts: LRUCache<string, Layout>;

  constructor(maxBytes: number) {
    this.layouts = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (layout) => layout.html.source.length + layout.text.source.length + 1,
    });
  }

  static key(document: DesignDocument, designId: string | undefined): string {
    const hash = createHash('sha256').update(JSON.stringify(document)).digest('hex');
    return `${RENDERER_VERSION}:${designId ?? ''}:${hash}`;
  }

  layout(document: DesignDocument, designId: string | undefined): Layout {
    const key = LayoutCache.key(document, designId);
    let layout = this.layouts.get(key);
    if (!layout) {
      layout = layoutDesign(document, { designId });
      this.layouts.set(key, layout);
    }
    return layout;
  }

  get size(): number {
    return this.layouts.size;
  }
}
