import { checkDesign } from '@embed/design-checks';
import { assetsPrefix } from './assets';
import type { DesignDocument } from '@embed/design-document';
import { readIn } from './languages';
import { carriableDocument } from './characters';
import { staticChunks } from './chunks';
import { compileLayout } from './compiled';
import { emailHtml } from './email/layout';
import { compileTemplate } from './template';
import { textSource } from './text';
import type { Layout, LayoutOptions } from './types';
import { RENDERER_VERSION } from './version';
import { Warnings } from './warnings';
import { documentHtml } from './web/document';
import { pageHtml } from './web/page';
import { popupHtml } from './web/popup';

function modeHtml(document: DesignDocument, designId: string, warnings: Warnings, assets: string): string {
  switch (document.mode) {
    case 'email':
      return emailHtml(document, warnings, assets);
    case 'page':
      return pageHtml(document, designId, warnings, assets);
    case 'popup':
      return popupHtml(document, designId, warnings, assets);
    case 'document':
      return documentHtml(document, designId, warnings, assets);
  }
}

const preheaderOf = (document: DesignDocument) => (document.mode === 'email' ? (document.settings.preheader ?? '') : '');

/**
 * Lays a valid document out as HTML with its merge tags as written: the costly, cacheable
 * half of a render (the same document, design id and renderer version give the same layout).
 */
export function layoutDesign(document: DesignDocument, options: LayoutOptions = {}): Layout {
  const designId = options.designId ?? document.id ?? '';
  const warnings = new Warnings();
  // The design checks first (the same the editor shows), then what the renderer itself did.
  for (const finding of checkDesign(document)) warnings.add(finding.message);
  // Laid out from text every output can carry: no field can fail the layout or reach past its element (characters.ts).
  const read = options.language === undefined ? document : readIn(document, options.language, warnings);
  const carried = carriableDocument(read);
  carried.warnings.forEach((warning) => warnings.add(warning));
  const laid = carried.document;
  const html = compileTemplate(modeHtml(laid, designId, warnings, assetsPrefix(options.publicBaseUrl)), warnings);
  const text = compileTemplate(textSource(laid, preheaderOf(laid)), warnings, { links: true });
  return {
    mode: document.mode,
    design: document,
    rendererVersion: RENDERER_VERSION,
    html,
    ...staticChunks(html.source),
    text,
    compiled: compileLayout(html, text),
    subject: laid.mode === 'email' ? laid.settings.subject : '',
    preheader: preheaderOf(laid),
    warnings: warnings.list(),
  };
}
