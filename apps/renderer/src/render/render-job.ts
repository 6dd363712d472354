import type { DesignDocument } from '@embed/design-document';
import { emailMarkup, finishRender, type Layout, layoutDesign, type MergeValues, type RenderResult, type TextOptions } from '@embed/render-core';
import { mjmlExport } from '@embed/design-import';

/** A layout as the cache keeps it and a worker is sent it: without the document, which the caller holds. */
export type CachedLayout = Omit<Layout, 'design'>;

/** One render for a worker: the valid document, how to merge it, and its layout when the cache had it. */
export interface RenderJob {
  document: DesignDocument;
  designId?: string;
  merge?: MergeValues;
  text?: TextOptions;
  /** Make the MJML export too (an email's). */
  mjml?: boolean;
  /** The language to render in (render-core's LayoutOptions). */
  language?: string;
  /** The service's public base URL, under which the images the renderer adds are served (render-core's LayoutOptions). */
  publicBaseUrl?: string;
  cached?: CachedLayout;
}

/** The render without the document (the caller's own), and the layout when it was made here, for the cache. */
export interface RenderJobResult {
  rendered: Omit<RenderResult, 'design'> & { mjml?: string };
  layout?: CachedLayout;
}

/**
 * What a render worker does (render.worker.ts): lays the document out unless its layout
 * came along, then merges. Only strings and plain data cross between the threads, and the
 * document goes one way only.
 */
export function renderJob({ document, designId, merge, text, mjml, language, publicBaseUrl, cached }: RenderJob): RenderJobResult {
  const layout = cached ? { ...cached, design: document } : layoutDesign(document, { designId, language, publicBaseUrl });
  const { design: _rendered, ...finished } = finishRender(layout, { merge, text });
  const rendered = mjml && document.mode === 'email' ? { ...finished, mjml: mjmlExport(emailMarkup(document, publicBaseUrl), document) } : finished;
  if (cached) return { rendered };
  const { design: _laidOut, ...made } = layout;
  return { rendered, layout: made };
}
