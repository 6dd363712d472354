import { type DesignDocument, fieldDefinition, type Row } from '@embed/design-document/model';
import type { Applied } from './commands';
import { blockAt, type BlockPath, columnAt, CommandError, inserted, removed, replaced, rowAt, withColumn, withRows } from './paths';

// Moves that cross the row boundaries a plain move keeps: a block taken out into a row of
// its own (dropped between rows), and a column carried into another row. Each is its own
// command with an exact inverse, so that undo brings back the very rows there were.

/** Where a column sits: its row and its place among the row's columns. */
/** The most columns a row has (the document's definition). */
const MAX_COLUMNS = fieldDefinition('row', ['columns']).maxItems as number;

export interface ColumnPlace {
  row: number;
  column: number;
}

/** The row is a row of one block in one column, with nothing else set (what `blockToNewRow` makes). */
function isLoneBlockRow(row: Row): boolean {
  const [column] = row.columns;
  return Object.keys(row).length === 1 && row.columns.length === 1 && Object.keys(column).length === 1 && column.blocks.length === 1;
}

/**
 * The block at `from` into a new row of one column at row `index` (counted among the rows
 * as they are: taking the block out leaves its row in place). Undone by `newRowToBlock`.
 */
export function blockToNewRow(doc: DesignDocument, from: BlockPath, index: number): Applied {
  const block = blockAt(doc, from);
  if (!Number.isInteger(index) || index < 0 || index > doc.body.rows.length) throw new CommandError(`row ${index} is out of range`);
  const without = withColumn(doc, from.row, from.column, (old) => ({ ...old, blocks: removed(old.blocks, from.block) }));
  return {
    doc: withRows(without, inserted(without.body.rows, index, { columns: [{ blocks: [block] }] })),
    inverse: { type: 'newRowToBlock', index, to: from },
  };
}

/** Row `index`, a lone block's row, goes; its block goes into a column at `to` (a place among the rows left). Undone by `blockToNewRow`. */
export function newRowToBlock(doc: DesignDocument, index: number, to: BlockPath): Applied {
  const row = rowAt(doc, index);
  if (!isLoneBlockRow(row)) throw new CommandError(`row ${index + 1} is not a row of one block alone`);
  const without = withRows(doc, removed(doc.body.rows, index));
  const column = columnAt(without, to.row, to.column);
  if (!Number.isInteger(to.block) || to.block < 0 || to.block > column.blocks.length) throw new CommandError(`block ${to.block} is out of range`);
  return {
    doc: withColumn(without, to.row, to.column, (old) => ({ ...old, blocks: inserted(old.blocks, to.block, row.columns[0].blocks[0]) })),
    inverse: { type: 'blockToNewRow', from: to, index },
  };
}

/**
 * The column at `from`, with its blocks, width (ratio) and style, to place `to.column` of
 * row `to.row` (in its own row: its place once it has left). Widths are shares of a row,
 * so each row's stay valid; a row keeps one column at least and takes four at most.
 */
export function moveColumnToRow(doc: DesignDocument, from: ColumnPlace, to: ColumnPlace): Applied {
  const source = rowAt(doc, from.row);
  const column = columnAt(doc, from.row, from.column);
  const target = rowAt(doc, to.row);
  const sameRow = from.row === to.row;
  if (!sameRow && source.columns.length === 1) throw new CommandError(`row ${from.row + 1} keeps at least one column`);
  if (!sameRow && target.columns.length >= MAX_COLUMNS) throw new CommandError(`row ${to.row + 1} holds at most ${MAX_COLUMNS} columns`, 'row_full');
  const left = removed(source.columns, from.column);
  const into = sameRow ? left : target.columns;
  if (!Number.isInteger(to.column) || to.column < 0 || to.column > into.length) throw new CommandError(`column ${to.column + 1} of row ${to.row + 1} is out of range`);
  let rows = replaced(doc.body.rows, from.row, { ...source, columns: left });
  rows = replaced(rows, to.row, { ...rows[to.row], columns: inserted(into, to.column, column) });
  return { doc: withRows(doc, rows), inverse: { type: 'moveColumnToRow', from: to, to: from } };
}
