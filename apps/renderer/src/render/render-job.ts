import type { DesignDocument } from '@embed/design-document';
import { auditRender, emailMarkup, finishRender, type Layout, layoutDesign, type MergeValues, type RenderAudit, referenceRender, type RenderResult, type TextOptions } from '@embed/render-core';
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
  /** Check this render against the reference merge and the parse5 audit (the renderer's sampled check). */
  audit?: boolean;
}

/** The render without the document (the caller's own), and the layout when it was made here, for the cache. */
export interface RenderJobResult {
  rendered: Omit<RenderResult, 'design'> & { mjml?: string };
  /** The layout when it was made here, or when it compiled its text for options new to it. */
  layout?: CachedLayout;
  /** What the check found, when it was asked for and found something (the answer is then the reference merge's). */
  audit?: RenderAudit;
}

/** The compiled render, or, when a check asked for finds it unsafe or unlike the reference merge's, the reference merge's. */
function checkedRender(layout: Layout, options: { merge?: MergeValues; text?: TextOptions }, audit: boolean | undefined): { result: RenderResult; audit?: RenderAudit } {
  const result = finishRender(layout, options);
  if (!audit) return { result };
  const found = auditRender(layout, result, options);
  return found.unsafe === 0 && found.differs.length === 0 ? { result } : { result: referenceRender(layout, options), audit: found };
}

/**
 * What a render worker does (render.worker.ts): lays the document out unless its layout
 * came along, then merges. Only strings and plain data cross between the threads, and the
 * document goes one way only.
 */
export function renderJob({ document, designId, merge, text, mjml, language, publicBaseUrl, cached, audit }: RenderJob): RenderJobResult {
  const layout = cached ? { ...cached, design: document } : layoutDesign(document, { designId, language, publicBaseUrl });
  const texts = Object.keys(layout.compiled.texts).length;
  const checked = checkedRender(layout, { merge, text }, audit);
  const { design: _rendered, ...finished } = checked.result;
  const rendered = mjml && document.mode === 'email' ? { ...finished, mjml: mjmlExport(emailMarkup(document, publicBaseUrl), document) } : finished;
  const found = checked.audit ? { audit: checked.audit } : {};
  // A cached layout goes back to the cache only when it compiled its text for new options.
  if (cached && Object.keys(layout.compiled.texts).length === texts) return { rendered, ...found };
  const { design: _laidOut, ...made } = layout;
  return { rendered, layout: made, ...found };
}
