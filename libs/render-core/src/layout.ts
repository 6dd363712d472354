import type { DesignDocument } from '@embed/design-document';
import { staticChunks } from './chunks';
import { emailHtml } from './email/layout';
import { inspectDesign } from './inspect';
import { textSource } from './text';
import type { Layout, LayoutOptions } from './types';
import { RENDERER_VERSION } from './version';
import { Warnings } from './warnings';
import { documentHtml } from './web/document';
import { pageHtml } from './web/page';
import { popupHtml } from './web/popup';

const KNOWN_TAG = /^\{\{\s*(?:contact\.[^{}]+|unsubscribe_url|preferences_url)\s*\}\}$/;

function modeHtml(document: DesignDocument, designId: string, warnings: Warnings): string {
  switch (document.mode) {
    case 'email':
      return emailHtml(document, warnings);
    case 'page':
      return pageHtml(document, designId, warnings);
    case 'popup':
      return popupHtml(document, designId, warnings);
    case 'document':
      return documentHtml(document, designId, warnings);
  }
}

/**
 * Lays a valid document out as HTML with its merge tags as written: the costly, cacheable
 * half of a render (the same document, design id and renderer version give the same layout).
 */
export function layoutDesign(document: DesignDocument, options: LayoutOptions = {}): Layout {
  const designId = options.designId ?? document.id ?? '';
  const warnings = new Warnings();
  inspectDesign(document, warnings);
  const html = modeHtml(document, designId, warnings);
  const subject = document.mode === 'email' ? document.settings.subject : '';
  const preheader = document.mode === 'email' ? (document.settings.preheader ?? '') : '';
  if (document.mode === 'email' && !html.includes('{{unsubscribe_url}}'))
    warnings.add('The email has no {{unsubscribe_url}} link: bulk senders must offer a way out (Gmail and Yahoo require one).');
  for (const [tag] of `${subject} ${preheader} ${html}`.matchAll(/\{\{[^{}]{1,200}\}\}/g))
    if (!KNOWN_TAG.test(tag)) warnings.add(`${tag} is not a merge tag this service fills (contact.<field>, unsubscribe_url, preferences_url): it stays as written.`);
  return {
    mode: document.mode,
    design: document,
    rendererVersion: RENDERER_VERSION,
    html,
    ...staticChunks(html),
    textSource: textSource(document, preheader),
    subject,
    preheader,
    warnings: warnings.list(),
  };
}
