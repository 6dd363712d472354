import { clippingFindings } from '@embed/design-checks';
import type { DesignDocument } from '@embed/design-document';
import { unsafeAddressWarning } from './address';
import { carriedValuesWarning } from './characters';
import { bodyChunk } from './chunks';
import { type Filled, fillLayout } from './fill';
import { layoutDesign } from './layout';
import { mergePlain, mergeTemplate, UnfilledTags } from './merge';
import { plainText } from './text';
import type { Layout, MergeValues, RenderOptions, RenderResult, TextOptions } from './types';

/** How a layout is merged for one recipient. */
export interface FinishOptions {
  merge?: MergeValues;
  text?: TextOptions;
}

/**
 * The per-request half of a render: the layout's compiled revision filled with the merge
 * (fill.ts). A layout keeps the compiled text of each set of text options it is asked for.
 */
export function finishRender(layout: Layout, options: FinishOptions = {}): RenderResult {
  const unfilled = new UnfilledTags();
  return result(layout, fillLayout(layout, options.merge ?? {}, options.text, unfilled), options, unfilled);
}

/**
 * The same render by the reference merge: every slot merged, the text converted from the
 * merged source, the body cut from the merged HTML. What the compiled revision must equal
 * (the differential property test, and the renderer's sampled check).
 */
export function referenceRender(layout: Layout, options: FinishOptions = {}): RenderResult {
  const merge = options.merge ?? {};
  const unfilled = new UnfilledTags();
  const html = mergeTemplate(layout.html, merge, unfilled);
  // The text is written from merged HTML, so that a link left out of the HTML is left out of the text too.
  const text = plainText(mergeTemplate(layout.text, merge, unfilled), options.text);
  return result(layout, { html, body: bodyChunk(html), bytes: Buffer.byteLength(html), text }, options, unfilled);
}

function result(layout: Layout, { html, body, bytes, text }: Filled, options: FinishOptions, unfilled: UnfilledTags): RenderResult {
  const merge = options.merge ?? {};
  const subject = mergePlain(layout.subject, merge, unfilled);
  const preheader = mergePlain(layout.preheader, merge, unfilled);
  const warnings = [...layout.warnings];
  for (const address of unfilled.unsafe) warnings.push(unsafeAddressWarning(address, true));
  if (unfilled.carried.size > 0) warnings.push(carriedValuesWarning([...unfilled.carried]));
  // The size is the merged HTML's, as it is sent: only known here.
  for (const finding of clippingFindings(layout, bytes)) warnings.push(finding.message);
  return {
    mode: layout.mode,
    html,
    chunks: { body, css: layout.css, js: layout.js, fonts: layout.fonts },
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
