import type { DocumentDesign, PageBand } from '@embed/design-document';
import { border, declarations } from '../css';
import { contentWidthOf, pageMm } from '../defaults';
import { attributes, escapeHtml } from '../html';
import type { Warnings } from '../warnings';
import { htmlDocument } from './html-document';
import { blocksHtml, rowsHtml } from './rows';
import { baseCss } from './stylesheet';
import { PhoneRules } from '../phone';


function bandHtml(band: PageBand | undefined, name: 'header' | 'footer', warnings: Warnings, phone: PhoneRules, assets: string): string {
  if (!band) return '';
  const css = declarations({
    padding: band.style?.padding, 'background-color': band.style?.backgroundColor,
    [name === 'header' ? 'border-bottom' : 'border-top']: border(band.style?.border),
  });
  const blocks = blocksHtml(band.blocks, (b) => `the ${name}, block ${b + 1}`, warnings, phone, assets);
  return `<${name} class="edd-${name}"${css ? ` style="${escapeHtml(css)}"` : ''}>${blocks}</${name}>`;
}

function documentCss(document: DocumentDesign, contentWidth: number, phone: PhoneRules): string {
  const { pageSize, orientation, margins, pageNumbers } = document.settings;
  // The on-screen sheet; the printed layout itself follows @page.
  const [width, height] = pageMm(document.settings);
  const numbers = pageNumbers
    ? `@bottom-right{content:counter(page) " / " counter(pages);font-family:${document.body.style?.fontFamily ?? 'sans-serif'};font-size:9pt;color:#6b6b6b}`
    : '';
  return [
    `@page{size:${pageSize} ${orientation};margin:${margins.top}mm ${margins.right}mm ${margins.bottom}mm ${margins.left}mm;${numbers}}`,
    'html,body{margin:0}',
    '*{-webkit-print-color-adjust:exact;print-color-adjust:exact}',
    // A table's thead and tfoot repeat on every printed page: that is the running header and footer.
    '.edd-frame{width:100%;border-collapse:collapse}.edd-frame>thead>tr>td,.edd-frame>tfoot>tr>td,.edd-frame>tbody>tr>td{padding:0;vertical-align:top}',
    '.ed-break{break-before:page}.ed-keep,.ed-image,.ed h1,.ed h2,.ed h3,.ed h4{break-inside:avoid}.ed h1,.ed h2,.ed h3,.ed h4{break-after:avoid}',
    `@media screen{body{background:#e5e5e5}.edd-sheet{width:${width}mm;min-height:${height}mm;margin:24px auto;padding:${margins.top}mm ${margins.right}mm ${margins.bottom}mm ${margins.left}mm;background:#fff;box-shadow:0 2px 12px rgba(0,0,0,.2)}}`,
    baseCss(document, contentWidth, phone),
    '.ed-cols{max-width:none}',
  ].join('\n');
}

/** Print-ready HTML: @page size and margins, page breaks, a header and footer on every page. */
export function documentHtml(document: DocumentDesign, designId: string, warnings: Warnings, assets: string): string {
  const { title } = document.settings;
  const contentWidth = contentWidthOf(document);
  const phone = new PhoneRules();
  const header = bandHtml(document.settings.header, 'header', warnings, phone, assets);
  const footer = bandHtml(document.settings.footer, 'footer', warnings, phone, assets);
  const body =
    `<div class="ed ed-document edd-sheet"${attributes({ 'data-design-id': designId || undefined })}><table class="edd-frame" role="presentation">` +
    (header ? `<thead><tr><td>${header}</td></tr></thead>` : '') +
    (footer ? `<tfoot><tr><td>${footer}</td></tr></tfoot>` : '') +
    `<tbody><tr><td><main>${rowsHtml(document, warnings, phone, assets)}</main></td></tr></tbody></table></div>`;
  return htmlDocument(document, { title: title ?? document.name ?? 'Document', css: documentCss(document, contentWidth, phone), body, js: '' });
}
