import type { Block, DesignDocument } from '@embed/design-document';
import { blockPlace, type Place } from './warnings';

/** Every block of a document with where it sits, body first, then a document's header and footer. */
export function* placedBlocks(document: DesignDocument): Generator<[Block, Place]> {
  for (const [r, row] of document.body.rows.entries())
    for (const [c, column] of row.columns.entries())
      for (const [b, block] of column.blocks.entries()) yield [block, blockPlace(r, c, b)];
  if (document.mode === 'document')
    for (const band of ['header', 'footer'] as const)
      for (const [b, block] of (document.settings[band]?.blocks ?? []).entries()) yield [block, `the ${band}, block ${b + 1}`];
}
