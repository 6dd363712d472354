// Merge tags and which of them the service fills: one rule for the renderer, which fills
// them, and for the checks, which name the ones it will not.

/** Any `{{...}}` is a merge tag as written. */
export const MERGE_TAG = /\{\{([^{}]{1,200})\}\}/g;

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

/** A merge tag as written, braces included, and what is inside them. */
export interface WrittenTag {
  tag: string;
  inner: string;
}

/** The tags of a text as written, in order. */
export const tagsIn = (text: string): WrittenTag[] => [...text.matchAll(MERGE_TAG)].map((match) => ({ tag: match[0], inner: match[1] }));
