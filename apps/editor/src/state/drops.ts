import type { Block, BlockType, DesignDocument } from '@embed/design-document/model';
import { type BlockPath, type Command, dropTarget, type LibraryRow, libraryRowInsertion, moveColumn, newBlock, samePath, type Selection } from '@embed/editor-core';
import { layoutInsertion } from './insertion';

/** What a pointer drag carries: a new block or row layout from a toolbar, or a block, row or column of the design (by its place when the drag began). */
export type Dragged =
  /** `block`: the new block as made for this project (in its brand); a plain new block of `type` without it. */
  | { kind: 'newBlock'; type: BlockType; block?: Block }
  | { kind: 'layout'; ratios: readonly number[] }
  | { kind: 'block'; path: BlockPath }
  | { kind: 'row'; index: number }
  | { kind: 'column'; row: number; column: number }
  | { kind: 'libraryRow'; saved: LibraryRow };

/** Where a drag would drop: before block `path.block` of a column (its length for the end), before row `index`, or before column `index` of a row. */
export type DropPlace = { kind: 'block'; path: BlockPath } | { kind: 'row'; index: number } | { kind: 'column'; row: number; index: number };

/** The kinds of place each kind of drag drops on: blocks in columns or between rows (as a row of their own), rows between rows, columns among any row's columns. */
export function dropsOn(dragged: Dragged): DropPlace['kind'][] {
  switch (dragged.kind) {
    case 'newBlock':
    case 'block':
      return ['block', 'row'];
    case 'layout':
    case 'row':
    case 'libraryRow':
      return ['row'];
    case 'column':
      return ['column'];
  }
}

/** A place before `index` once the item at `from` has left the list: the places after it move back by one. */
const afterLeaving = (from: number, index: number) => (index > from ? index - 1 : index);

/**
 * A block of the design into a row of its own before row `index`, selected there; null
 * next to its own row when it is that row's only block (the drop would change nothing).
 */
export function blockToRow(doc: DesignDocument, from: BlockPath, index: number): { command: Command; select: Selection } | null {
  const { columns } = doc.body.rows[from.row];
  const alone = columns.length === 1 && columns[0].blocks.length === 1;
  if (alone && (index === from.row || index === from.row + 1)) return null;
  return { command: { type: 'blockToNewRow', from, index }, select: { kind: 'block', path: { row: index, column: 0, block: 0 } } };
}

/**
 * The edit a drop makes, as one command, and what is selected after it; null when the
 * drop would change nothing (a block dropped where it is) or cannot go there.
 */
export function dropCommand(doc: DesignDocument, dragged: Dragged, place: DropPlace): { command: Command; select: Selection } | null {
  if (!dropsOn(dragged).includes(place.kind)) return null;
  switch (dragged.kind) {
    case 'newBlock': {
      const block = dragged.block ?? newBlock(dragged.type);
      if (place.kind === 'block') return { command: { type: 'insertBlock', at: place.path, block }, select: { kind: 'block', path: place.path } };
      if (place.kind !== 'row') return null;
      return { command: { type: 'insertRow', index: place.index, row: { columns: [{ blocks: [block] }] } }, select: { kind: 'block', path: { row: place.index, column: 0, block: 0 } } };
    }
    case 'block': {
      if (place.kind === 'row') return blockToRow(doc, dragged.path, place.index);
      if (place.kind !== 'block') return null;
      const to = dropTarget(dragged.path, place.path);
      return samePath(to, dragged.path) ? null : { command: { type: 'moveBlock', from: dragged.path, to }, select: { kind: 'block', path: to } };
    }
    case 'layout': {
      if (place.kind !== 'row') return null;
      const { command, row } = layoutInsertion(doc, place.index, dragged.ratios);
      return { command, select: { kind: 'row', row } };
    }
    case 'row': {
      if (place.kind !== 'row') return null;
      const to = afterLeaving(dragged.index, place.index);
      return to === dragged.index ? null : { command: { type: 'moveRow', from: dragged.index, to }, select: { kind: 'row', row: to } };
    }
    case 'libraryRow':
      return place.kind === 'row' ? { command: libraryRowInsertion(doc, place.index, dragged.saved), select: { kind: 'row', row: place.index } } : null;
    case 'column': {
      if (place.kind !== 'column') return null;
      if (place.row !== dragged.row) {
        const to = { row: place.row, column: place.index };
        return { command: { type: 'moveColumnToRow', from: { row: dragged.row, column: dragged.column }, to }, select: { kind: 'column', ...to } };
      }
      const to = afterLeaving(dragged.column, place.index);
      return to === dragged.column ? null : { command: moveColumn(doc, dragged.row, dragged.column, to), select: { kind: 'column', row: dragged.row, column: to } };
    }
  }
}
