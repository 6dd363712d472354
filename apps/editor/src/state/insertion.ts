import type { Block, DesignDocument } from '@embed/design-document/model';
import type { BlockPath, Command } from '@embed/editor-core';
import type { Selection } from './editor-store';

/**
 * Where a new block goes: after the selected block, at the end of the selected row; with
 * nothing selected, into the last row when it holds no block yet (a new design's empty
 * row takes its first block, rather than staying empty above it), or else in a new row
 * at the end.
 */
export function insertion(doc: DesignDocument, selection: Selection, block: Block): { command: Command; path: BlockPath } {
  if (selection?.kind === 'block') {
    const path = { ...selection.path, block: selection.path.block + 1 };
    return { command: { type: 'insertBlock', at: path, block }, path };
  }
  if (selection?.kind === 'row') {
    const path = { row: selection.row, column: 0, block: doc.body.rows[selection.row].columns[0].blocks.length };
    return { command: { type: 'insertBlock', at: path, block }, path };
  }
  const rows = doc.body.rows;
  const last = rows.at(-1);
  if (last?.columns.every((column) => column.blocks.length === 0)) {
    const path = { row: rows.length - 1, column: 0, block: 0 };
    return { command: { type: 'insertBlock', at: path, block }, path };
  }
  return { command: { type: 'insertRow', index: rows.length, row: { columns: [{ blocks: [block] }] } }, path: { row: rows.length, column: 0, block: 0 } };
}
