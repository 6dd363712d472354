import type { DesignDocument } from '@embed/design-document/model';
import type { Command } from './commands';
import { type BlockPath, blockPaths, samePath } from './paths';

export type Direction = 'up' | 'down' | 'left' | 'right';

/**
 * The keyboard's version of a drag: up and down move a block within its column and on
 * into the column above or below it; left and right move it to the neighbouring column.
 * Null at the design's edge.
 */
export function keyboardMove(doc: DesignDocument, from: BlockPath, direction: Direction): { command: Command; to: BlockPath } | null {
  const rows = doc.body.rows;
  const columnLength = (row: number, column: number) => rows[row].columns[column].blocks.length;
  let to: BlockPath | null = null;
  if (direction === 'up') {
    if (from.block > 0) to = { ...from, block: from.block - 1 };
    else if (from.row > 0) {
      const row = from.row - 1;
      const column = Math.min(from.column, rows[row].columns.length - 1);
      to = { row, column, block: columnLength(row, column) };
    }
  } else if (direction === 'down') {
    if (from.block < columnLength(from.row, from.column) - 1) to = { ...from, block: from.block + 1 };
    else if (from.row < rows.length - 1) to = { row: from.row + 1, column: Math.min(from.column, rows[from.row + 1].columns.length - 1), block: 0 };
  } else {
    const column = from.column + (direction === 'left' ? -1 : 1);
    if (column >= 0 && column < rows[from.row].columns.length) to = { row: from.row, column, block: Math.min(from.block, columnLength(from.row, column)) };
  }
  return to && { command: { type: 'moveBlock', from, to }, to };
}

/** Where a block dropped before `target` (or at the end of its column when `target.block` is the length) lands once it has left `from`. */
export function dropTarget(from: BlockPath, target: BlockPath): BlockPath {
  const sameColumn = from.row === target.row && from.column === target.column;
  return sameColumn && from.block < target.block ? { ...target, block: target.block - 1 } : target;
}

/**
 * The block that takes the focus when the one at `at` is removed: the next one in reading
 * order, or else the one before it, by its place once `at` is gone; null when it is the only block.
 */
export function neighbourOf(doc: DesignDocument, at: BlockPath): BlockPath | null {
  const paths = [...blockPaths(doc)];
  const index = paths.findIndex((path) => samePath(path, at));
  const next = paths[index + 1];
  if (next) return next.row === at.row && next.column === at.column ? { ...next, block: next.block - 1 } : next;
  return paths[index - 1] ?? null;
}
