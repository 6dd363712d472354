import type { Block, Column, DesignDocument, Row } from '@embed/design-document/model';
import { type Command, EDIT_LIMITS } from './commands';
import { blockAt, type BlockPath, CommandError, rowAt } from './paths';

// Commands for the structural edits the editor offers (duplicating, changing and reordering
// columns), made from the plain commands so that each is one undo step.

const ID_MAX = 64;

export function idsOf(doc: DesignDocument): Set<string> {
  const ids = new Set<string>();
  for (const row of doc.body.rows) {
    if (row.id) ids.add(row.id);
    for (const column of row.columns) {
      if (column.id) ids.add(column.id);
      for (const block of column.blocks) if (block.id) ids.add(block.id);
    }
  }
  return ids;
}

/** An id like `base` that no row, column or block of the design has yet (ids stay unique when copied). */
export function freshId(base: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '-copy' : `-copy-${n}`;
    const id = base.slice(0, ID_MAX - suffix.length) + suffix;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

function withNewId<T extends { id?: string }>(item: T, taken: Set<string>): T {
  return item.id ? { ...item, id: freshId(item.id, taken) } : item;
}

const copyBlock = (block: Block, taken: Set<string>): Block => withNewId(structuredClone(block), taken);
const copyColumn = (column: Column, taken: Set<string>): Column => ({ ...withNewId(column, taken), blocks: column.blocks.map((block) => copyBlock(block, taken)) });

/** A copy of the block right after it; a block with an id gets a new one. */
export function duplicateBlock(doc: DesignDocument, at: BlockPath): { command: Command; to: BlockPath } {
  const to = { ...at, block: at.block + 1 };
  return { command: { type: 'insertBlock', at: to, block: copyBlock(blockAt(doc, at), idsOf(doc)) }, to };
}

/** A copy of the row right after it, its columns and blocks with new ids where they had one. */
export function duplicateRow(doc: DesignDocument, index: number): Command {
  const taken = idsOf(doc);
  const row = structuredClone(rowAt(doc, index));
  const copy: Row = { ...withNewId(row, taken), columns: row.columns.map((column) => copyColumn(column, taken)) };
  return { type: 'insertRow', index: index + 1, row: copy };
}

/**
 * The row with `count` columns: new ones are empty; the blocks of the columns taken away
 * move into the columns kept, last first, as far as each has room (EDIT_LIMITS), so
 * nothing is lost. Refused when they cannot fit.
 */
export function setColumnCount(doc: DesignDocument, index: number, count: number): Command {
  const row = rowAt(doc, index);
  if (!Number.isInteger(count) || count < 1 || count > EDIT_LIMITS.columns) throw new CommandError(`a row has 1 to ${EDIT_LIMITS.columns} columns`);
  const kept = row.columns.slice(0, count).map((column) => ({ ...column, blocks: [...column.blocks] }));
  while (kept.length < count) kept.push({ blocks: [] });
  const homeless = row.columns.slice(count).flatMap((column) => column.blocks);
  for (let c = kept.length - 1; c >= 0 && homeless.length; c--) {
    const room = EDIT_LIMITS.blocksPerColumn - kept[c].blocks.length;
    if (room > 0) kept[c].blocks.push(...homeless.splice(0, room));
  }
  if (homeless.length) throw new CommandError(`the blocks of row ${index + 1} do not fit in ${count} columns of at most ${EDIT_LIMITS.blocksPerColumn} blocks`);
  // A column whose blocks did not change stays the same object (and keeps its key).
  const columns = kept.map((column, c) => (row.columns[c] && column.blocks.length === row.columns[c].blocks.length ? row.columns[c] : column));
  return { type: 'setColumns', row: index, columns };
}

/** The row without its column `column` and the blocks in it. */
export function removeColumn(doc: DesignDocument, index: number, column: number): Command {
  const row = rowAt(doc, index);
  if (row.columns.length === 1) throw new CommandError('a row keeps at least one column');
  return { type: 'setColumns', row: index, columns: row.columns.filter((_, c) => c !== column) };
}

/** The row with column `from` moved to place `to`. */
export function moveColumn(doc: DesignDocument, index: number, from: number, to: number): Command {
  const columns = [...rowAt(doc, index).columns];
  if (!columns[from] || to < 0 || to >= columns.length) throw new CommandError(`row ${index + 1} has no column ${Math.max(from, to) + 1}`);
  const [moved] = columns.splice(from, 1);
  columns.splice(to, 0, moved);
  return { type: 'setColumns', row: index, columns };
}
