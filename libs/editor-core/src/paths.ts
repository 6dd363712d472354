import type { Block, Column, DesignDocument, Row } from '@embed/design-document/model';
import { carryKey } from './keys';

/** Where a block sits in the body: row, column, and its place in the column. */
export interface BlockPath {
  row: number;
  column: number;
  block: number;
}

/** Why a command was refused, for the refusals a person is told of in their own words. */
export type RefusalReason = 'column_full' | 'row_full' | 'row_locked';

export class CommandError extends Error {
  constructor(
    message: string,
    /** Set for a refusal the editor words for the person; the message is for the integrator's log. */
    readonly reason?: RefusalReason,
  ) {
    super(message);
  }
}

export const samePath = (a: BlockPath, b: BlockPath) => a.row === b.row && a.column === b.column && a.block === b.block;

export function rowAt(doc: DesignDocument, row: number): Row {
  const found = doc.body.rows[row];
  if (!found) throw new CommandError(`there is no row ${row}`);
  return found;
}

export function columnAt(doc: DesignDocument, row: number, column: number): Column {
  const found = rowAt(doc, row).columns[column];
  if (!found) throw new CommandError(`row ${row} has no column ${column}`);
  return found;
}

export function blockAt(doc: DesignDocument, path: BlockPath): Block {
  const found = columnAt(doc, path.row, path.column).blocks[path.block];
  if (!found) throw new CommandError(`row ${path.row}, column ${path.column} has no block ${path.block}`);
  return found;
}

/** A copy of the document with `rows` as its rows; everything else is shared, not copied. */
export const withRows = <D extends DesignDocument>(doc: D, rows: Row[]): D => ({ ...doc, body: { ...doc.body, rows } });

/** The items with the one at `index` replaced by its new version (which keeps its key). */
export function replaced<T>(items: readonly T[], index: number, item: T): T[] {
  carryKey(items[index], item);
  return items.map((old, i) => (i === index ? item : old));
}
export const inserted = <T>(items: readonly T[], index: number, item: T): T[] => [...items.slice(0, index), item, ...items.slice(index)];
export const removed = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

/** A copy of the document whose column at (row, column) is `update(column)`. */
export function withColumn(doc: DesignDocument, row: number, column: number, update: (column: Column) => Column): DesignDocument {
  const target = rowAt(doc, row);
  const next = update(columnAt(doc, row, column));
  return withRows(doc, replaced(doc.body.rows, row, { ...target, columns: replaced(target.columns, column, next) }));
}

/** Every block with its path, top to bottom, left to right. */
export function* blockPaths(doc: DesignDocument): Generator<BlockPath> {
  for (const [row, { columns }] of doc.body.rows.entries())
    for (const [column, { blocks }] of columns.entries()) for (const block of blocks.keys()) yield { row, column, block };
}
