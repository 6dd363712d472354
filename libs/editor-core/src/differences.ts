import type { BlockType, DesignDocument } from '@embed/design-document/model';
import { canonicalJson, type SavedContent } from './fingerprint';

/** One thing two versions of a design do not share: what the conflict dialog and the restore points list. */
export type Difference =
  | { kind: 'name' }
  /** A setting of the design (`settings.<key>`), or its body's style, fonts and the like (`key` null). */
  | { kind: 'setting'; key: string | null }
  /** A row (1-based) only one version has, or whose own settings differ. */
  | { kind: 'row'; row: number; change: Change }
  /** A block at its place (1-based) in one version or the other. */
  | { kind: 'block'; row: number; column: number; position: number; type: BlockType; change: Change };
/** `added`: only in the first version; `removed`: only in the second. */
export type Change = 'changed' | 'added' | 'removed';

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const without = <T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> => {
  const { [key]: _dropped, ...rest } = value;
  return rest;
};

/**
 * What differs between `mine` and `theirs`, in reading order: the name, each setting, then
 * the body's rows, columns and blocks by place (a block moved shows as changed where it
 * was and where it went). `added` is what only `mine` has.
 */
export function designDifferences(mine: SavedContent, theirs: SavedContent): Difference[] {
  const found: Difference[] = [];
  if (mine.name !== theirs.name) found.push({ kind: 'name' });
  const a = mine.doc;
  const b = theirs.doc;
  const settings = a.settings as Record<string, unknown>;
  const theirSettings = b.settings as Record<string, unknown>;
  for (const key of new Set([...Object.keys(settings), ...Object.keys(theirSettings)])) {
    if (!same(settings[key], theirSettings[key])) found.push({ kind: 'setting', key });
  }
  if (!same(without(a.body, 'rows'), without(b.body, 'rows')) || !same(documentRest(a), documentRest(b))) found.push({ kind: 'setting', key: null });
  const rows = Math.max(a.body.rows.length, b.body.rows.length);
  for (let r = 0; r < rows; r++) {
    const row = a.body.rows[r];
    const theirRow = b.body.rows[r];
    if (!row || !theirRow) {
      found.push({ kind: 'row', row: r + 1, change: row ? 'added' : 'removed' });
      continue;
    }
    if (!same(without(row, 'columns'), without(theirRow, 'columns')) || row.columns.length !== theirRow.columns.length) found.push({ kind: 'row', row: r + 1, change: 'changed' });
    row.columns.forEach((column, c) => {
      const theirBlocks = theirRow.columns[c]?.blocks ?? [];
      const count = Math.max(column.blocks.length, theirBlocks.length);
      for (let k = 0; k < count; k++) {
        const block = column.blocks[k];
        const theirBlock = theirBlocks[k];
        if (block && theirBlock && same(block, theirBlock)) continue;
        const change: Change = block && theirBlock ? 'changed' : block ? 'added' : 'removed';
        found.push({ kind: 'block', row: r + 1, column: c + 1, position: k + 1, type: (block ?? theirBlock).type, change });
      }
    });
  }
  return found;
}

/** The document's parts beside its settings and body (its name is the design's, compared apart). */
function documentRest(doc: DesignDocument): unknown {
  const { settings: _settings, body: _body, name: _name, ...rest } = doc;
  return rest;
}
