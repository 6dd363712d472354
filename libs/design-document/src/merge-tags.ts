// Merge tags: `{{...}}` in any text or address of a design, filled in by the renderer from
// a render's `merge`. One grammar for the schema (an address may start with a tag), the
// renderer that fills tags, the checks that name those it will not fill, and the editor
// that shows each tag as one unit.

/** The inside of a tag: 1 to 200 characters, no braces. Spaces around a name are allowed. */
const INSIDE = '[^{}]{1,200}';

/** A merge tag, as a pattern's source, for the patterns built on it (the schema's addresses). */
export const MERGE_TAG_SOURCE = `\\{\\{${INSIDE}\\}\\}`;

/** Any merge tag as written; group 1 is its inside. Global: for `matchAll`, `replace` and `search`, not `exec`. */
export const MERGE_TAG = new RegExp(`\\{\\{(${INSIDE})\\}\\}`, 'g');

const LEADING_TAG = new RegExp(`^\\{\\{(${INSIDE})\\}\\}`);

/** A merge tag as written, braces included, and what is inside them. */
export interface WrittenTag {
  tag: string;
  inner: string;
}

/** A tag the service fills from a render's `merge`. */
export type FilledTag = { kind: 'contact'; field: string } | { kind: 'unsubscribe_url' } | { kind: 'preferences_url' };

/** What the inside of `{{...}}` fills, spaces around it ignored; undefined when the service fills nothing there. */
export function filledTag(inner: string): FilledTag | undefined {
  const name = inner.trim();
  if (name === 'unsubscribe_url' || name === 'preferences_url') return { kind: name };
  if (!name.startsWith('contact.')) return undefined;
  const field = name.slice('contact.'.length);
  return field ? { kind: 'contact', field } : undefined;
}

/** The tags of a text as written, in order. */
export const tagsIn = (text: string): WrittenTag[] => [...text.matchAll(MERGE_TAG)].map((match) => ({ tag: match[0], inner: match[1] }));

/** The tag an address starts with, if it starts with one. */
export function leadingTag(address: string): WrittenTag | undefined {
  const match = LEADING_TAG.exec(address);
  return match ? { tag: match[0], inner: match[1] } : undefined;
}

/** The text cut at its tags: its pieces of text (never empty) and its tags, in order. */
export function mergeTagPieces(text: string): (string | WrittenTag)[] {
  const pieces: (string | WrittenTag)[] = [];
  let cursor = 0;
  for (const match of text.matchAll(MERGE_TAG)) {
    if (match.index > cursor) pieces.push(text.slice(cursor, match.index));
    pieces.push({ tag: match[0], inner: match[1] });
    cursor = match.index + match[0].length;
  }
  if (cursor < text.length) pieces.push(text.slice(cursor));
  return pieces;
}
