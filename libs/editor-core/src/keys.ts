import type { Block, DesignDocument } from '@embed/design-document/model';
import type { BlockPath } from './paths';

// Views key rows and blocks by something steadier than their place, so that a block keeps
// its DOM (and its caret) while blocks before it come and go, and an upload finds its block
// wherever it has moved. Documents are never changed, only replaced piece by piece, so an
// object's key is kept in a WeakMap and handed on to the object that replaces it.
const keys = new WeakMap<object, string>();
let lastKey = 0;

/** The item's key, made on first asking. */
export function keyOf(item: object): string {
  let key = keys.get(item);
  if (key === undefined) {
    key = `k${++lastKey}`;
    keys.set(item, key);
  }
  return key;
}

/** `next` replaces `previous` (the same row, column or block, changed): it keeps the key. */
export function carryKey(previous: unknown, next: unknown): void {
  if (previous !== next && typeof previous === 'object' && previous !== null && typeof next === 'object' && next !== null) keys.set(next, keyOf(previous));
}

/** Where the block of this key is now; null once it is gone. */
export function findBlock(doc: DesignDocument, key: string): { path: BlockPath; block: Block } | null {
  for (const [row, { columns }] of doc.body.rows.entries())
    for (const [column, { blocks }] of columns.entries())
      for (const [index, block] of blocks.entries()) if (keys.get(block) === key) return { path: { row, column, block: index }, block };
  return null;
}
