import type { Block, DesignDocument, Row } from '@embed/design-document';
import { border, cssUrl, declarations, px } from '../css';
import { escapeHtml } from '../html';
import type { PhoneRules } from '../phone';
import { blockPlace, type Warnings } from '../warnings';
import { blockHtml } from './blocks';
import { rowPhoneClass, withDeviceClasses } from './phone';

function rowHtml(row: Row, r: number, contentBackground: string | undefined, warnings: Warnings, phone: PhoneRules, assets: string): string {
  const style = row.style ?? {};
  const image = style.backgroundImage;
  const classes = ['ed-row', row.hideOn && `ed-hide-${row.hideOn}`, row.breakBefore && 'ed-break', row.keepTogether && 'ed-keep', rowPhoneClass(row, phone)];
  const outer = declarations({
    'background-color': style.backgroundColor,
    'background-image': image && cssUrl(image.url), 'background-size': image?.size ?? (image && 'cover'),
    'background-position': image && `center ${image.position ?? 'center'}`, 'background-repeat': image && (image.repeat ? 'repeat' : 'no-repeat'),
  });
  const ratios = row.columns.map((column) => `${column.ratio ?? 1}fr`).join(' ');
  const inner = declarations({
    '--ed-columns': ratios, padding: style.padding, 'background-color': style.contentBackgroundColor ?? contentBackground,
    border: border(style.border), 'border-radius': px(style.borderRadius), 'max-width': style.fullWidth ? 'none' : undefined,
  });
  const columns = row.columns.map((column, c) => {
    const css = declarations({
      padding: column.style?.padding, 'background-color': column.style?.backgroundColor, border: border(column.style?.border),
      'border-radius': px(column.style?.borderRadius), 'align-self': { top: 'start', middle: 'center', bottom: 'end' }[column.style?.verticalAlign ?? 'top'],
    });
    return `<div class="ed-col" style="${escapeHtml(css)}">${blocksHtml(column.blocks, (b) => blockPlace(r, c, b), warnings, phone, assets)}</div>`;
  });
  const stack = row.stackOnMobile === false ? '' : ' ed-stack';
  return `<section class="${classes.filter(Boolean).join(' ')}"${outer ? ` style="${escapeHtml(outer)}"` : ''}><div class="ed-cols${stack}" style="${escapeHtml(inner)}">${columns.join('')}</div></section>`;
}

export const blocksHtml = (blocks: Block[], place: (index: number) => string, warnings: Warnings, phone: PhoneRules, assets: string) =>
  blocks.map((block, b) => withDeviceClasses(block, blockHtml(block, place(b), warnings, assets), phone)).join('');

/** The body's rows as sections of a CSS grid, one column per design column. */
export function rowsHtml(document: DesignDocument, warnings: Warnings, phone: PhoneRules, assets: string): string {
  const background = document.body.style?.contentBackgroundColor;
  return document.body.rows.map((row, r) => rowHtml(row, r, background, warnings, phone, assets)).join('');
}
