import { type Block, type DesignDocument, phoneProperties, type Row } from '@embed/design-document/model';
import type { Applied } from './commands';
import { carryKey } from './keys';
import { applyPatch } from './patch';
import { blockAt, type BlockPath, CommandError, replaced, rowAt, withColumn, withRows } from './paths';

// Editing for phones: a row's or a block's phone overrides set and reset one by one (each
// with its inverse), and the design as a phone shows it, for the canvas.

/** The screen the person edits for: the desktop design, or its phone overrides. */
export type Device = 'desktop' | 'phone';

/** What holds the phone overrides: a block, or a row. */
export type PhoneTarget = { kind: 'block'; path: BlockPath } | { kind: 'row'; row: number };

type Holder = Record<string, unknown> & { phone?: Record<string, unknown> };

/** Where the desktop value a phone override replaces sits on its row or block (an image's width and a spacer's height are the block's own). */
export const desktopPath = (key: string): readonly string[] => (key === 'width' || key === 'height' ? [key] : ['style', key]);

const partOf = (holder: Row | Block) => ('type' in holder ? holder.type : 'row');

/** The desktop value that holds where the phone has no override. */
export function desktopValue(holder: Row | Block, key: string): unknown {
  let value: unknown = holder;
  for (const step of desktopPath(key)) value = (value as Holder | undefined)?.[step];
  return value;
}

/** The value a phone shows: its override, else the desktop's. */
export const phoneValue = (holder: Row | Block, key: string): unknown => (holder.phone as Holder | undefined)?.[key] ?? desktopValue(holder, key);

/** The properties overridden on phones, in the definition's order. */
export const overriddenProperties = (holder: Row | Block): string[] =>
  phoneProperties(partOf(holder)).filter((key) => (holder.phone as Holder | undefined)?.[key] !== undefined);

/** The holder with one override set (`value` undefined resets it); its `phone` goes when nothing is left in it. */
function withOverride<T extends Row | Block>(holder: T, key: string, value: unknown): [T, unknown] {
  if (!phoneProperties(partOf(holder)).includes(key)) throw new CommandError(`a ${partOf(holder)} takes no phone override of ${key}`);
  const phone = (holder.phone ?? {}) as Holder;
  const [next] = applyPatch(phone, { [key]: value });
  const [patched] = applyPatch(holder, { phone: Object.keys(next).length > 0 ? next : undefined });
  return [patched, phone[key]];
}

/** Sets (or, with undefined, resets) one phone override of a row or block; the inverse puts the old value back. */
export function setPhoneStyle(doc: DesignDocument, target: PhoneTarget, key: string, value: unknown): Applied {
  if (target.kind === 'row') {
    const [row, old] = withOverride(rowAt(doc, target.row), key, value);
    return { doc: withRows(doc, replaced(doc.body.rows, target.row, row)), inverse: { type: 'setPhoneStyle', target, key, value: old } };
  }
  const { path } = target;
  const [block, old] = withOverride(blockAt(doc, path), key, value);
  return {
    doc: withColumn(doc, path.row, path.column, (column) => ({ ...column, blocks: replaced(column.blocks, path.block, block) })),
    inverse: { type: 'setPhoneStyle', target, key, value: old },
  };
}

/** A row or block with its phone overrides in the places of the desktop values they replace (keeping its key). */
function asOnPhone<T extends Row | Block>(holder: T): T {
  if (!holder.phone) return holder;
  let shown: Holder = { ...(holder as Holder) };
  for (const [key, value] of Object.entries(holder.phone)) {
    const [top, inner] = desktopPath(key);
    shown = inner ? { ...shown, [top]: { ...(shown[top] as Holder | undefined), [inner]: value } } : { ...shown, [top]: value };
  }
  carryKey(holder, shown);
  return shown as T;
}

const shownOnPhone = new WeakMap<object, object>();
/** The same answer for the same object, so that the canvas's unchanged rows and blocks stay unchanged. */
function cached<T extends object>(item: T, make: (item: T) => T): T {
  const known = shownOnPhone.get(item) as T | undefined;
  if (known) return known;
  const made = make(item);
  shownOnPhone.set(item, made);
  return made;
}

/**
 * The design as a phone lays it out, for the canvas: each override in its desktop value's
 * place. Where rows and blocks are hidden, how columns stack and their order stay as the
 * document says, for the view to show; places (row, column, block) are the document's.
 */
export function phoneView(doc: DesignDocument): DesignDocument {
  const rows = doc.body.rows.map((row) =>
    cached(row, (source) => {
      const columns = source.columns.map((column) => {
        const blocks = column.blocks.map((block) => cached(block, asOnPhone));
        if (blocks.every((block, b) => block === column.blocks[b])) return column;
        const shown = { ...column, blocks };
        carryKey(column, shown);
        return shown;
      });
      const shown = asOnPhone(columns.every((column, c) => column === source.columns[c]) ? source : { ...source, columns });
      carryKey(source, shown);
      return shown;
    }),
  );
  return rows.every((row, r) => row === doc.body.rows[r]) ? doc : withRows(doc, rows);
}
