import type { Block, Row } from '@embed/design-document';
import { alignMargins, blockPhone, deviceClasses, type PhoneRule, type PhoneRules, pxOf } from '../phone';

// Phone overrides of an email's blocks and rows, as rules below the element mrml gives the
// MJML css-class: for a block, the cell (td) that holds it and carries its padding; for a
// row, the section's outer div (or, full width, its outer table), whose first cell holds the
// columns. Gmail's apps, Apple Mail and Outlook's apps read these rules; Outlook for Windows
// reads no media query and shows the desktop design.

/** From a section's outer element to the cell that holds its columns: mrml puts a div more around a background image's table. */
const SECTION_CELL = { plain: '>table>tbody>tr>td', image: '>div>table>tbody>tr>td' };
const FULL_WIDTH_SECTION_CELL = { plain: '>tbody>tr>td>div>table>tbody>tr>td', image: '>tbody>tr>td>div>div>table>tbody>tr>td' };

function blockRules(block: Block): PhoneRule[] {
  const phone = blockPhone(block);
  const cell = { padding: phone.padding, 'text-align': phone.align };
  switch (block.type) {
    case 'text':
      return [['', { padding: phone.padding }], ['>div', { 'font-size': pxOf(phone.fontSize), 'line-height': phone.lineHeight, 'text-align': phone.textAlign }]];
    case 'heading':
      return [
        ['', { padding: phone.padding }],
        ['>div', { 'text-align': phone.textAlign }],
        [`>div>h${block.level}`, { 'font-size': pxOf(phone.fontSize), 'line-height': phone.lineHeight }],
      ];
    case 'image':
    case 'video':
      return [['', cell], ['>table', alignMargins(phone.align)], ['>table>tbody>tr>td', { width: pxOf(phone.width), 'max-width': phone.width && '100%' }]];
    case 'button':
      return [
        ['', cell],
        ['>table', { ...alignMargins(phone.align), width: phone.fullWidth === undefined ? undefined : phone.fullWidth ? '100%' : 'auto' }],
        // The link fills a full-width button, so that all of it is tapped.
        [' a', { 'font-size': pxOf(phone.fontSize), display: phone.fullWidth ? 'block' : undefined }],
      ];
    case 'social':
      return [['', cell], [' a', { 'font-size': pxOf(phone.fontSize) }]];
    case 'menu':
      return [['', { padding: phone.padding }], ['>div', { 'text-align': phone.align, 'font-size': pxOf(phone.fontSize) }]];
    case 'divider':
      return [['', { padding: phone.padding }], ['>p', alignMargins(phone.align)]];
    case 'html':
      return [['', { padding: phone.padding }], ['>div', { 'text-align': phone.align }]];
    case 'spacer':
      return [['>div', { height: pxOf(phone.height), 'line-height': pxOf(phone.height) }]];
    case 'form':
      return [];
  }
}

/** The css-class of a block's cell: where it is hidden and its phone overrides; undefined for neither. */
export const blockClasses = (block: Block, rules: PhoneRules) => deviceClasses(block.hideOn, block.phone && rules.add(blockRules(block)));

/** The phone class of a row's section: its padding, and stacked columns last to first. */
export function rowPhoneClass(row: Row, rules: PhoneRules): string | undefined {
  const phone = row.phone;
  if (!phone) return undefined;
  const reverse = phone.reverseColumns && row.stackOnMobile !== false;
  const cell = (row.style?.fullWidth ? FULL_WIDTH_SECTION_CELL : SECTION_CELL)[row.style?.backgroundImage ? 'image' : 'plain'];
  return rules.add([[cell, { padding: phone.padding, ...(reverse ? { display: 'flex', 'flex-direction': 'column-reverse' } : {}) }]]);
}
