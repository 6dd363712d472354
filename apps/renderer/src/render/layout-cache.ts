import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { DesignDocument } from '@embed/design-document';
import { RENDERER_VERSION } from '@embed/render-core';
import type { CachedLayout } from './render-job';

const partsSize = (parts: string[]) => parts.reduce((sum, part) => sum + part.length, 0);

/** About the characters a layout holds: its templates and their compiled forms (the same text again, cut at the holes). */
function layoutSize({ html, text, compiled }: CachedLayout): number {
  const texts = Object.values(compiled.texts).reduce((sum, compiledText) => sum + (compiledText ? partsSize(compiledText.parts) : 0), 0);
  return html.source.length + text.source.length + partsSize(compiled.html.parts) + (compiled.html.body ? partsSize(compiled.html.body.parts) : 0) + texts + 1;
}

/**
 * The layouts of recently rendered documents, so that repeated renders of one saved design
 * only fill the compiled revision for each recipient. Keyed by a hash of the document, the design id, the language and the renderer
 * version; bounded by the bytes of HTML it holds. It lives on the service's thread: a
 * worker lays a document out and hands the layout back, and is sent it again for a merge.
 */
export class LayoutCache {
  private readonly layouts: LRUCache<string, CachedLayout>;

  constructor(maxBytes: number) {
    this.layouts = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: layoutSize,
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
