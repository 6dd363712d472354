import { isSafeAttribute } from './address';
import { carriableText } from './characters';
import { TAG, tagValue } from './tags';
import { type MergeTemplate, type Slot, writeAttribute, writeText, writtenValue } from './template';
import type { MergeValues } from './types';

// One pass each: a filled-in value is never read as a tag again.

/** What a merge left: tags without a value (each once, in order of first appearance), and addresses left out. */
export class UnfilledTags {
  readonly tags = new Set<string>();
  /** Addresses as written, merge tags and all, that were not safe once filled. */
  readonly unsafe = new Set<string>();
  /** Tags whose values held characters no output can carry, or unbalanced direction controls (characters.ts). */
  readonly carried = new Set<string>();
}

/** A tag's value as every output can carry it, each value balanced on its own; undefined when the merge has none. */
export function filledValue(tag: string, inner: string, merge: MergeValues, unfilled: UnfilledTags): string | undefined {
  const value = tagValue(inner, merge);
  if (value === undefined) {
    unfilled.tags.add(tag);
    return undefined;
  }
  const carried = carriableText(value);
  if (carried.text !== value) unfilled.carried.add(tag);
  return carried.text;
}

/** Fills tags in plain text (subject, preheader). */
export function mergePlain(template: string, merge: MergeValues, unfilled: UnfilledTags): string {
  return template.replace(TAG, (tag, inner: string) => filledValue(tag, inner, merge, unfilled) ?? tag);
}

// In a style attribute a value can only be part of a url() (the design allows tags in no other
// style), so it is percent-encoded there: it cannot end the address, its string or the declaration.
export const inCss = (value: string) =>
  encodeURI(value.toWellFormed()).replace(/['()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

function fillSlot(slot: Slot, merge: MergeValues, unfilled: UnfilledTags): string {
  const value = slot.pieces
    .map((piece) => {
      if (typeof piece === 'string') return piece;
      const filled = filledValue(piece.tag, piece.inner, merge, unfilled);
      return filled === undefined ? piece.tag : slot.attribute === 'style' ? inCss(filled) : filled;
    })
    .join('');
  if (slot.attribute === undefined) return writeText(value);
  if (isSafeAttribute(slot.element, slot.attribute, value)) return writeAttribute(slot.attribute, value);
  unfilled.unsafe.add(writtenValue(slot));
  return '';
}

/** Fills the slots of a template (template.ts): values escaped, addresses judged whole once filled. */
export function mergeTemplate(template: MergeTemplate, merge: MergeValues, unfilled: UnfilledTags): string {
  let html = '';
  let cursor = 0;
  for (const slot of template.slots) {
    html += template.source.slice(cursor, slot.start) + fillSlot(slot, merge, unfilled);
    cursor = slot.end;
  }
  return html + template.source.slice(cursor);
}
