import { type Block, type Column, type DesignDocument, type Row, rowInLanguages } from '@embed/design-document/model';
import type { Command } from './commands';
import { freshId, idsOf } from './structure';

/** What the editor inserts of a saved row of the project's library (the API's SavedRow). */
export interface LibraryRow {
  id: string;
  row: Row;
  locked: boolean;
  synced: boolean;
}

/** `base` when no row, column or block of the design has it yet, else a fresh id like it. */
function uniqueId(base: string, taken: Set<string>): string {
  if (taken.has(base)) return freshId(base, taken);
  taken.add(base);
  return base;
}

const withUniqueId = <T extends { id?: string }>(item: T, taken: Set<string>): T => (item.id ? { ...item, id: uniqueId(item.id, taken) } : item);

/**
 * A saved row inserted at row `index`, as one command: a copy whose ids are unique in the
 * design, locked when the saved row is (the row then needs an id, which the service finds
 * it by), holding the saved row's id when it is synced, and translated only into the
 * design's languages (a library row serves designs of many).
 */
export function libraryRowInsertion(doc: DesignDocument, index: number, saved: LibraryRow): Command {
  const taken = idsOf(doc);
  const { locked: _locked, syncedRowId: _synced, ...content } = rowInLanguages(structuredClone(saved.row), doc.languages);
  const columns = content.columns.map((column: Column) => ({ ...withUniqueId(column, taken), blocks: column.blocks.map((block: Block) => withUniqueId(block, taken)) }));
  const row: Row = {
    ...content,
    id: uniqueId(content.id ?? 'saved-row', taken),
    columns,
    ...(saved.locked && { locked: true }),
    ...(saved.synced && { syncedRowId: saved.id }),
  };
  return { type: 'insertRow', index, row };
}
