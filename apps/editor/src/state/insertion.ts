import type { Block, DesignDocument } from '@embed/design-document/model';
import { type BlockPath, type Command, layoutRow, type Selection } from '@embed/editor-core';

/**
 * Where a new block goes: after the selected block, at the end of the selected column or
 * of the selected row's first column; with nothing selected, into the last row when it
 * holds no block yet (a new design's empty row takes its first block, rather than staying
 * empty above it), or else in a new row at the end.
 */
export function insertion(doc: DesignDocument, selection: Selection, block: Block): { command: Command; path: BlockPath } {
  const at = (path: BlockPath) => ({ command: { type: 'insertBlock', at: path, block } as Command, path });
  if (selection?.kind === 'block') return at({ ...selection.path, block: selection.path.block + 1 });
  if (selection?.kind === 'column') return at({ row: selection.row, column: selection.column, block: doc.body.rows[selection.row].columns[selection.column].blocks.length });
  if (selection?.kind === 'row') return at({ row: selection.row, column: 0, block: doc.body.rows[selection.row].columns[0].blocks.length });
  const rows = doc.body.rows;
  const last = rows.at(-1);
  if (last?.columns.every((column) => column.blocks.length === 0)) return at({ row: rows.length - 1, column: 0, block: 0 });
  return { command: { type: 'insertRow', index: rows.length, row: { columns: [{ blocks: [block] }] } }, path: { row: rows.length, column: 0, block: 0 } };
}

/** The row the selection is in (a row, a column or a block of it); none for the design or nothing. */
export function selectedRow(selection: Selection): number | null {
  if (selection?.kind === 'block') return selection.path.row;
  if (selection?.kind === 'row' || selection?.kind === 'column') return selection.row;
  return null;
}

/** Where a clicked row layout goes: after the row the selection is in, or at the end. */
export const layoutPlace = (doc: DesignDocument, selection: Selection): number => {
  const row = selectedRow(selection);
  return row === null ? doc.body.rows.length : row + 1;
};

/**
 * A new row laid out by `ratios` at row `index`. A design that is only one empty row (a new
 * design's) takes the layout in that row instead, so that no empty row stays above or
 * below it in the output.
 */
export function layoutInsertion(doc: DesignDocument, index: number, ratios: readonly number[]): { command: Command; row: number } {
  const row = layoutRow(ratios);
  const rows = doc.body.rows;
  if (rows.length === 1 && rows[0].columns.every((column) => column.blocks.length === 0)) return { command: { type: 'setColumns', row: 0, columns: row.columns }, row: 0 };
  return { command: { type: 'insertRow', index, row }, row: index };
}
