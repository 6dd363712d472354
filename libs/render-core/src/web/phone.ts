import type { Block, Row } from '@embed/design-document';
import { alignMargins, blockPhone, deviceClasses, type PhoneRule, type PhoneRules, pxOf } from '../phone';

// Phone overrides of page, popup and document blocks, as rules below the wrapper that
// carries their class (blocksHtml wraps a block only when it has overrides or is hidden).

const flexAlign = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

function blockRules(block: Block): PhoneRule[] {
  const phone = blockPhone(block);
  const box = { padding: phone.padding };
  switch (block.type) {
    case 'text':
    case 'heading':
      return [['>*', { ...box, 'font-size': pxOf(phone.fontSize), 'line-height': phone.lineHeight, 'text-align': phone.textAlign }]];
    case 'image':
    case 'video':
      return [['>*', { ...box, 'text-align': phone.align }], [' img', { width: pxOf(phone.width), ...alignMargins(phone.align) }]];
    case 'button':
    case 'form':
      return [
        ['>*', { ...box, 'text-align': phone.align }],
        [' .ed-btn', { 'font-size': pxOf(phone.fontSize), display: phone.fullWidth === undefined ? undefined : phone.fullWidth ? 'block' : 'inline-block' }],
      ];
    case 'social':
    case 'menu':
      return [['>*', { ...box, 'font-size': pxOf(phone.fontSize), 'justify-content': phone.align && flexAlign[phone.align] }]];
    case 'divider':
      return [['>*', box], [' hr', alignMargins(phone.align)]];
    case 'html':
      return [['>*', { ...box, 'text-align': phone.align }]];
    case 'spacer':
      return [['>*', { height: pxOf(phone.height) }]];
  }
}

/** The block's HTML, in a wrapper that carries its device classes when it has any. */
export function withDeviceClasses(block: Block, html: string, rules: PhoneRules): string {
  const classes = deviceClasses(block.hideOn, block.phone && rules.add(blockRules(block)));
  return classes ? `<div class="${classes}">${html}</div>` : html;
}

/** The row's phone class: its padding, and stacked columns last to first. */
export function rowPhoneClass(row: Row, rules: PhoneRules): string | undefined {
  const phone = row.phone;
  if (!phone) return undefined;
  const reverse = phone.reverseColumns && row.stackOnMobile !== false;
  return rules.add([
    ['>.ed-cols', { padding: phone.padding }],
    ['>.ed-stack', reverse ? { display: 'flex', 'flex-direction': 'column-reverse' } : {}],
  ]);
}
