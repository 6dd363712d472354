import { clippingFindings } from '@embed/design-checks';
import type { DesignDocument } from '@embed/design-document';
import { unsafeAddressWarning } from './address';
import { carriedValuesWarning } from './characters';
import { bodyChunk } from './chunks';
import { layoutDesign } from './layout';
import { mergePlain, mergeTemplate, UnfilledTags } from './merge';
import { plainText } from './text';
import type { Layout, MergeValues, RenderOptions, RenderResult, TextOptions } from './types';

/** The per-request half of a render: the merge and the plain text, over a (cached) layout. */
export function finishRender(layout: Layout, options: { merge?: MergeValues; text?: TextOptions } = {}): RenderResult {
  const merge = options.merge ?? {};
  const unfilled = new UnfilledTags();
  const html = mergeTemplate(layout.html, merge, unfilled);
  // The text is written from merged HTML, so that a link left out of the HTML is left out of the text too.
  const text = plainText(mergeTemplate(layout.text, merge, unfilled), options.text);
  const subject = mergePlain(layout.subject, merge, unfilled);
  const preheader = mergePlain(layout.preheader, merge, unfilled);
  const bytes = Buffer.byteLength(html);
  const warnings = [...layout.warnings];
  for (const address of unfilled.unsafe) warnings.push(unsafeAddressWarning(address, true));
  if (unfilled.carried.size > 0) warnings.push(carriedValuesWarning([...unfilled.carried]));
  // The size is the merged HTML's, as it is sent: only known here.
  for (const finding of clippingFindings(layout, bytes)) warnings.push(finding.message);
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
  return finishRender(layoutDesign(document, { designId: options.designId, language: options.language }), options);
}
