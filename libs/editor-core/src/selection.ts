import type { DesignDocument } from '@embed/design-document/model';
import { keyOf } from './keys';
import type { BlockPath } from './paths';

/** What is selected, by its place in one version of the document. */
export type Selection = { kind: 'block'; path: BlockPath } | { kind: 'row'; row: number } | { kind: 'column'; row: number; column: number } | { kind: 'body' } | null;

/**
 * What is selected, by the key of the block, row or column (keys.ts): it follows its
 * block through moves and through edits elsewhere, where a place would point at
 * whatever comes to sit there.
 */
export type SelectionByKey = { kind: 'block' | 'row' | 'column'; key: string } | { kind: 'body' } | null;

/** The keys of what `selection` points at in `doc`; null when it points at nothing. */
export function selectionByKey(doc: DesignDocument, selection: Selection): SelectionByKey {
  if (selection === null || selection.kind === 'body') return selection;
  const rows = doc.body.rows;
  if (selection.kind === 'block') {
    const { row, column, block } = selection.path;
    const found = rows[row]?.columns[column]?.blocks[block];
    return found ? { kind: 'block', key: keyOf(found) } : null;
  }
  const row = rows[selection.row];
  if (!row) return null;
  if (selection.kind === 'row') return { kind: 'row', key: keyOf(row) };
  const column = row.columns[selection.column];
  return column ? { kind: 'column', key: keyOf(column) } : null;
}

/** Where the selected block, row or column is in `doc` now; null once it is gone. */
export function selectionPlace(doc: DesignDocument, selection: SelectionByKey): Selection {
  if (selection === null || selection.kind === 'body') return selection;
  for (const [r, row] of doc.body.rows.entries()) {
    if (selection.kind === 'row' && keyOf(row) === selection.key) return { kind: 'row', row: r };
    for (const [c, column] of row.columns.entries()) {
      if (selection.kind === 'column' && keyOf(column) === selection.key) return { kind: 'column', row: r, column: c };
      if (selection.kind === 'block') {
        const b = column.blocks.findIndex((block) => keyOf(block) === selection.key);
        if (b >= 0) return { kind: 'block', path: { row: r, column: c, block: b } };
      }
    }
  }
  return null;
}
