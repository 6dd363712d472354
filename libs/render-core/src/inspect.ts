import type { Block, DesignDocument, Inline } from '@embed/design-document';
import { placedBlocks } from './blocks';
import type { Place, Warnings } from './warnings';

const isInline = (src: string) => src.startsWith('data:');

function inlines(block: Block): Inline[] {
  if (block.type === 'heading') return block.content;
  if (block.type === 'text') return block.content.flatMap((part) => (part.type === 'paragraph' ? part.content : part.items.flat()));
  return [];
}

function inspectBlock(block: Block, place: Place, warnings: Warnings): void {
  for (const inline of inlines(block))
    if (inline.href === '') warnings.add(`Link "${inline.text}" in ${place} has no address: it is shown as plain text.`);
  switch (block.type) {
    case 'image':
    case 'video': {
      const src = block.type === 'image' ? block.src : block.thumbnail;
      if (!block.alt?.trim())
        warnings.add(`Image in ${place} has no alt text: screen readers, and mail clients that block images, show nothing in its place.`);
      if (isInline(src))
        warnings.add(`Image in ${place} is inline (data:), and stays inline: many mail clients block or drop inline images and it makes the HTML heavy; upload it instead.`);
      if (block.type === 'image' && block.href === '') warnings.add(`Image link in ${place} has no address: the image is shown without a link.`);
      return;
    }
    case 'button':
      if (!block.href) warnings.add(`Button "${block.text}" in ${place} has no address: it is shown but leads nowhere.`);
      return;
    case 'menu':
      for (const item of block.items)
        if (!item.href) warnings.add(`Menu item "${item.text}" in ${place} has no address: it is shown as plain text.`);
      return;
  }
}

/** Warnings about the document itself, whatever its mode renders. */
export function inspectDesign(document: DesignDocument, warnings: Warnings): void {
  for (const [block, place] of placedBlocks(document)) inspectBlock(block, place, warnings);
  for (const [r, row] of document.body.rows.entries())
    if (row.style?.backgroundImage && !row.style.backgroundColor)
      warnings.add(`Row ${r + 1} has a background image and no background colour: where images are blocked (and in Outlook) its text may be unreadable.`);
  if (document.mode === 'email') {
    if (!document.settings.subject.trim()) warnings.add('The email has no subject.');
    if (!document.settings.preheader?.trim()) warnings.add('The email has no preheader: inboxes show the first words of the body instead.');
  }
}
