import { escapeHtml } from './html';
import type { MergeValues } from './types';

// Any {{...}} is a tag; the ones this service fills are contact.<field>, unsubscribe_url
// and preferences_url. One pass each: a filled-in value is never read as a tag again.
const TAG = /\{\{([^{}]{1,200})\}\}/g;
// In HTML, a tag opening a link or image address: its value must be a safe address.
const TAG_IN_HTML = /((?:href|src)=")?\{\{([^{}]{1,200})\}\}/g;
const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:)/i;

export function tagValue(inner: string, merge: MergeValues): string | undefined {
  const name = inner.trim();
  if (name === 'unsubscribe_url') return merge.unsubscribeUrl;
  if (name === 'preferences_url') return merge.preferencesUrl;
  if (!name.startsWith('contact.')) return undefined;
  const field = name.slice('contact.'.length);
  return merge.contact && Object.hasOwn(merge.contact, field) ? merge.contact[field] : undefined;
}

/** Collects the tags left as written, each once, in order of first appearance. */
export class UnfilledTags {
  readonly tags = new Set<string>();
  readonly unsafe = new Set<string>();
}

/** Fills tags in plain text (text version, subject, preheader). */
export function mergePlain(template: string, merge: MergeValues, unfilled: UnfilledTags): string {
  return template.replace(TAG, (tag, inner: string) => {
    const value = tagValue(inner, merge);
    if (value === undefined) unfilled.tags.add(tag);
    return value ?? tag;
  });
}

/** Fills tags in HTML: values escaped; a value opening an address must be http(s), mailto or tel. */
export function mergeHtml(template: string, merge: MergeValues, unfilled: UnfilledTags): string {
  return template.replace(TAG_IN_HTML, (match, addressStart: string | undefined, inner: string) => {
    const tag = match.slice(addressStart?.length ?? 0);
    const value = tagValue(inner, merge);
    if (value === undefined) {
      unfilled.tags.add(tag);
      return match;
    }
    if (addressStart && !SAFE_URL.test(value.trim())) {
      unfilled.unsafe.add(tag);
      return addressStart;
    }
    return (addressStart ?? '') + escapeHtml(value);
  });
}
