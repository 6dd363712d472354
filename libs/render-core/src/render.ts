import type { DesignDocument } from '@embed/design-document';
import { bodyChunk } from './chunks';
import { layoutDesign } from './layout';
import { mergeHtml, mergePlain, UnfilledTags } from './merge';
import { plainText } from './text';
import type { Layout, MergeValues, RenderOptions, RenderResult, TextOptions } from './types';

/** Gmail hides everything past 102 KB of HTML behind "View entire message". */
export const GMAIL_CLIP_BYTES = 102 * 1024;

/** The per-request half of a render: the merge and the plain text, over a (cached) layout. */
export function finishRender(layout: Layout, options: { merge?: MergeValues; text?: TextOptions } = {}): RenderResult {
  const merge = options.merge ?? {};
  const unfilled = new UnfilledTags();
  const html = mergeHtml(layout.html, merge, unfilled);
  const text = mergePlain(plainText(layout.textSource, options.text), merge, unfilled);
  const subject = mergePlain(layout.subject, merge, unfilled);
  const preheader = mergePlain(layout.preheader, merge, unfilled);
  const bytes = Buffer.byteLength(html);
  const warnings = [...layout.warnings];
  for (const tag of unfilled.unsafe)
    warnings.push(`The value for ${tag} is not an http(s), mailto or tel address, so it was left out of the link or image it opens.`);
  if (layout.mode === 'email' && bytes > GMAIL_CLIP_BYTES)
    warnings.push(`The HTML is ${(bytes / 1024).toFixed(1)} KB, over Gmail's 102 KB clipping size: Gmail hides the rest of the email, unsubscribe link included, behind "View entire message".`);
  return {
    mode: layout.mode,
    html,
    chunks: { body: bodyChunk(html), css: layout.css, js: layout.js, fonts: layout.fonts },
    text,
    subject,
    preheader,
    mergeTags: [...unfilled.tags],
    rendererVersion: layout.rendererVersion,
    bytes,
    warnings,
    design: layout.design,
  };
}

/** Renders a valid design document: HTML, chunks, plain text, merge tags and warnings. */
export function render(document: DesignDocument, options: RenderOptions = {}): RenderResult {
  return finishRender(layoutDesign(document, { designId: options.designId }), options);
}
