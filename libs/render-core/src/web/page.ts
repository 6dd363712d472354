import type { PageDesign } from '@embed/design-document';
import { contentWidthOf } from '../defaults';
import { attributes } from '../html';
import type { Warnings } from '../warnings';
import { formScript } from './form-script';
import { htmlDocument } from './html-document';
import { rowsHtml } from './rows';
import { baseCss } from './stylesheet';
import { PhoneRules } from '../phone';

/** A responsive HTML5 page: one main element, a section per row, a grid per section. */
export function pageHtml(document: PageDesign, designId: string, warnings: Warnings, assets: string): string {
  const phone = new PhoneRules();
  const rows = rowsHtml(document, warnings, phone, assets);
  const hasForm = document.body.rows.some((row) => row.columns.some((column) => column.blocks.some((block) => block.type === 'form')));
  return htmlDocument(document, {
    title: document.settings.title,
    description: document.settings.description,
    css: `html,body{margin:0}\n${baseCss(document, contentWidthOf(document), phone)}`,
    body: `<main class="ed ed-page"${attributes({ 'data-design-id': designId })}>${rows}</main>`,
    js: hasForm ? formScript(designId, '.ed-page') : '',
  });
}
