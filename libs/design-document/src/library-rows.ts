import type { Block, DesignDocument, Row } from './types';

// A design's rows that come from the project's library (issue 32): locked rows, which only
// the integrator's server changes, and synced rows, which show a saved row's current
// content. Pure functions over documents, for the designs service and the editor alike.

/**
 * What a row of a design shows when it is a synced row: the saved row's content, under the
 * design's own id, reference and lock (a locked synced row stays locked when its content changes).
 */
const syncedContent = (row: Row, saved: Row): Row => {
  const { id: _savedId, syncedRowId: _savedRef, locked: _savedLock, ...content } = saved;
  return { ...content, ...(row.id !== undefined && { id: row.id }), ...(row.locked && { locked: true }), syncedRowId: row.syncedRowId };
};

/** The saved rows a design's synced rows name, each once. */
export const syncedRowIds = (doc: DesignDocument): string[] => [...new Set(doc.body.rows.flatMap((row) => (row.syncedRowId ? [row.syncedRowId] : [])))];

type Translations = Record<string, unknown>;
type Translated = { translations?: Translations };

/**
 * A block with only its translations into `listed` (lower case): the languages a design may
 * hold (rules.ts). A library row serves designs of many languages; each shows it in its own.
 */
function blockInLanguages(block: Block, listed: ReadonlySet<string>): Block {
  const { translations, ...rest } = block as Block & Translated;
  if (!translations) return block;
  const kept = Object.entries(translations).filter(([tag]) => listed.has(tag.toLowerCase()));
  if (kept.length === Object.keys(translations).length) return block;
  return (kept.length ? { ...rest, translations: Object.fromEntries(kept) } : rest) as Block;
}

/** A library row as a design translated into `languages` holds it: each block's translations into other languages left out. */
export function rowInLanguages(row: Row, languages: readonly unknown[] | undefined): Row {
  const listed = new Set((languages ?? []).flatMap((tag) => (typeof tag === 'string' ? [tag.toLowerCase()] : [])));
  return { ...row, columns: row.columns.map((column) => ({ ...column, blocks: column.blocks.map((block) => blockInLanguages(block, listed)) })) };
}

/** The field of a block's text a person may edit in a synced row the integrator marked `syncedTextsEditable`. */
export const syncedTextField = (block: Block): 'content' | 'text' | undefined =>
  block.type === 'text' || block.type === 'heading' ? 'content' : block.type === 'button' ? 'text' : undefined;

/** That text with its translations, which are its text too: the design's own, or none (undefined) to compare the rest. */
type OwnTexts = { text: unknown; translations: Translations | undefined } | undefined;
const textsOf = (block: Block): OwnTexts => {
  const field = syncedTextField(block);
  return field && { text: (block as unknown as Record<string, unknown>)[field], translations: (block as Translated).translations };
};
function withTexts(block: Block, texts: OwnTexts): Block {
  const field = syncedTextField(block);
  if (!field) return block;
  const { translations: _theirs, ...rest } = block as Block & Translated;
  return { ...rest, [field]: texts?.text, ...(texts?.translations && { translations: texts.translations }) } as Block;
}

/** Whether a row is the project library's (locked, or synced): its layout and settings are the integrator's. */
export const fromLibrary = (row: Row): boolean => row.locked === true || row.syncedRowId !== undefined;

/**
 * Whether a person may change a block's texts and their translations in the editor: not in a
 * locked row, and in a synced row only the texts the integrator made editable.
 */
export const textsEditable = (row: Row, block: Block): boolean =>
  !fromLibrary(row) || (!row.locked && row.syncedTextsEditable === true && syncedTextField(block) !== undefined);

/**
 * The saved row's content with the design's own texts where the integrator lets people edit
 * them (`syncedTextsEditable`): each block takes the text, and its translations, of the
 * design's block at the same place when that block is of the same type; everything else is
 * the saved row's.
 */
function withOwnTexts(content: Row, own: Row): Row {
  if (!content.syncedTextsEditable) return content;
  const columns = content.columns.map((column, c) => ({
    ...column,
    blocks: column.blocks.map((block, b) => {
      const mine = own.columns[c]?.blocks[b];
      return mine && mine.type === block.type && syncedTextField(mine) ? withTexts(block, textsOf(mine)) : block;
    }),
  }));
  return { ...content, columns };
}

/** What a synced row shows in a design translated into `languages`: the saved row's content in those languages, with the design's own texts where they are editable. */
const shownSynced = (row: Row, saved: Row, languages: readonly unknown[] | undefined): Row => withOwnTexts(rowInLanguages(syncedContent(row, saved), languages), row);

/**
 * The design with each synced row showing its saved row's current content (`current` maps
 * saved row ids to their content) in the design's languages, with the design's own texts
 * where the saved row lets people edit them; a row whose saved row is gone keeps its last
 * copy. The same object when no row changes, so a caller can tell nothing was synced.
 */
export function withSyncedRows(doc: DesignDocument, current: ReadonlyMap<string, Row>): DesignDocument {
  let changed = false;
  const rows = doc.body.rows.map((row) => {
    const saved = row.syncedRowId === undefined ? undefined : current.get(row.syncedRowId);
    if (!saved) return row;
    changed = true;
    return shownSynced(row, saved, doc.languages);
  });
  return changed ? ({ ...doc, body: { ...doc.body, rows } } as DesignDocument) : doc;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rows of a document not yet checked (a render's, before the renderer checks it): its `body.rows` that are objects, with their places. */
function uncheckedRows(doc: unknown): { row: Record<string, unknown>; index: number }[] {
  const rows = isObject(doc) && isObject(doc['body']) ? doc['body']['rows'] : undefined;
  return Array.isArray(rows) ? rows.flatMap((row: unknown, index) => (isObject(row) ? [{ row, index }] : [])) : [];
}

/** The languages a document not yet checked lists, as far as it lists any. */
const languagesOf = (doc: unknown): unknown[] | undefined => (isObject(doc) && Array.isArray(doc['languages']) ? doc['languages'] : undefined);

/** The saved rows a document not yet checked names as synced, each once. */
export const syncedRowReferences = (doc: unknown): string[] => [
  ...new Set(uncheckedRows(doc).flatMap(({ row }) => (typeof row['syncedRowId'] === 'string' ? [row['syncedRowId']] : []))),
];

/**
 * A document not yet checked, as a render shows it: each synced row with its saved row's
 * current content (`current`, as withSyncedRows), and a warning for each reference to a row
 * `current` does not hold (not a synced row of the project's environment), whose own
 * content is rendered. The same document when no row changes.
 */
export function syncedRowsForRender(doc: unknown, current: ReadonlyMap<string, Row>): { doc: unknown; warnings: string[] } {
  const warnings: string[] = [];
  const shown = new Map<number, Row>();
  for (const { row, index } of uncheckedRows(doc)) {
    const id = row['syncedRowId'];
    if (typeof id !== 'string') continue;
    const saved = current.get(id);
    if (saved) shown.set(index, shownSynced(row as unknown as Row, saved, languagesOf(doc)));
    else warnings.push(`body.rows[${index}] names synced row "${id}", which is not a synced row of this project in this environment: the row's own content was rendered`);
  }
  if (!shown.size) return { doc, warnings };
  const body = (doc as { body: Record<string, unknown> }).body;
  const rows = (body['rows'] as unknown[]).map((row, index) => shown.get(index) ?? row);
  return { doc: { ...(doc as object), body: { ...body, rows } }, warnings };
}

/** Two JSON values alike, whatever the order of their objects' keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return aKeys.length === bKeys.length && aKeys.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** How a message names a locked row: by its id, or by its place among the stored design's rows. */
const rowName = (row: Row, index: number) => (row.id === undefined ? `body.rows[${index}]` : `"${row.id}"`);

/**
 * Why `next` may not replace `stored` as a person's edit (null when it may): each of the
 * stored design's locked rows must still be there (found by id, or for a row without one by
 * its place among the locked rows), unchanged, and in the same order as the other locked
 * rows. Rows around them may come, go and move. The message names the row.
 */
export function lockedRowChange(stored: DesignDocument, next: DesignDocument): string | null {
  const locked = stored.body.rows.flatMap((row, index) => (row.locked ? [{ row, index }] : []));
  const nextRows = next.body.rows.map((row, index) => ({ row, index }));
  const nextLocked = nextRows.filter(({ row }) => row.locked);
  let lastPlace = -1;
  for (const [order, { row, index }] of locked.entries()) {
    const name = rowName(row, index);
    const found = row.id === undefined ? nextLocked[order] : nextRows.find((candidate) => candidate.row.id === row.id);
    if (!found) return `row ${name} is locked: it cannot be deleted`;
    if (!sameJson(found.row, row)) return `row ${name} is locked: it cannot be changed`;
    if (found.index < lastPlace) return `row ${name} is locked: it cannot be moved`;
    lastPlace = found.index;
  }
  return null;
}

/** A row without the texts a person may edit in it (those of a `syncedTextsEditable` row, translations included), for comparing the rest. */
const withoutEditableTexts = (row: Row): Row =>
  row.syncedTextsEditable ? { ...row, columns: row.columns.map((column) => ({ ...column, blocks: column.blocks.map((block) => withTexts(block, undefined)) })) } : row;

/**
 * Why `next` may not follow `doc` in the editor (null when it may) for its synced rows: a
 * synced row shows its saved row's content, which only the integrator's server changes, so
 * a synced row that stays (by id) must stay as it was, but for its blocks' texts and their
 * translations when the integrator made them editable (`syncedTextsEditable`). It may move or go.
 */
export function syncedRowEdit(doc: DesignDocument, next: DesignDocument): string | null {
  const before = new Map(doc.body.rows.flatMap((row) => (row.syncedRowId && row.id !== undefined ? [[row.id, withoutEditableTexts(row)] as const] : [])));
  if (!before.size) return null;
  const changed = next.body.rows.find((row) => row.id !== undefined && before.has(row.id) && !sameJson(before.get(row.id), withoutEditableTexts(row)));
  return changed ? `row "${changed.id}" is synced with the project's library: it cannot be changed here` : null;
}
