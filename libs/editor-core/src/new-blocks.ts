import type { Block, BlockType, Row } from '@embed/design-document/model';
import { PLACEHOLDER_IMAGE } from '@embed/render-core/assets';

// A new image's address marks it as not chosen yet: the canvas and every render show the placeholder picture in its place.
export { PLACEHOLDER_IMAGE };

/** What a block of each type starts as when added: valid for the renderer, ready to be filled in. */
export function newBlock(type: BlockType): Block {
  switch (type) {
    case 'text':
      return { type, content: [{ type: 'paragraph', content: [] }] };
    case 'heading':
      return { type, level: 2, content: [] };
    case 'image':
      return { type, src: PLACEHOLDER_IMAGE, alt: '' };
    case 'button':
      return { type, text: 'Button', href: '' };
    case 'divider':
      return { type };
    case 'spacer':
      return { type, height: 24 };
    case 'social':
      return { type, links: [{ network: 'web', href: 'https://example.com' }] };
    case 'menu':
      return { type, items: [{ text: 'Home', href: '' }] };
    case 'html':
      return { type, html: '' };
    case 'video':
      return { type, url: 'https://example.com/video', thumbnail: PLACEHOLDER_IMAGE, alt: '' };
    case 'form':
      return { type, fields: [{ name: 'email', label: 'Email', kind: 'email', required: true }], submitText: 'Subscribe' };
  }
}

/** An empty row of `columns` equal columns. */
export function newRow(columns = 1): Row {
  return layoutRow(Array.from({ length: columns }, () => 1));
}

/** The row layouts the editor offers, as their columns' ratios: one column, halves, a third and two thirds, thirds, quarters. */
export const ROW_LAYOUTS = [[1], [1, 1], [1, 2], [1, 1, 1], [1, 1, 1, 1]] as const;

/** An empty row laid out by `ratios`; equal columns carry no ratio (1 is the default). */
export function layoutRow(ratios: readonly number[]): Row {
  const equal = ratios.every((ratio) => ratio === ratios[0]);
  return { columns: ratios.map((ratio) => (equal ? { blocks: [] } : { ratio, blocks: [] })) };
}
