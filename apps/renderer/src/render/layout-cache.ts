import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { DesignDocument } from '@embed/design-document';
import { RENDERER_VERSION } from '@embed/render-core';
import type { CachedLayout } from './render-job';

/**
 * The layouts of recently rendered documents, so that repeated renders of one saved design
 * only apply the merge. Keyed by a hash of the document, the design id, the language and the renderer
 * version; bounded by the bytes of HTML it holds. It lives on the service's thread: a
 * worker lays a document out and hands the layout back, and is sent it again for a merge.
 */
export class LayoutCache {
  private readonly layouts: LRUCache<string, CachedLayout>;

  constructor(maxBytes: number) {
    this.layouts = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (layout) => layout.html.source.length + layout.text.source.length + 1,
    });
  }

  static key(document: DesignDocument, designId: string | undefined, language?: string): string {
    const hash = createHash('sha256').update(JSON.stringify(document)).digest('hex');
    return `${RENDERER_VERSION}:${designId ?? ''}:${language ?? ''}:${hash}`;
  }

  get(key: string): CachedLayout | undefined {
    return this.layouts.get(key);
  }

  set(key: string, layout: CachedLayout): void {
    this.layouts.set(key, layout);
  }

  get size(): number {
    return this.layouts.size;
  }
}
