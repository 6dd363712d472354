import type { DesignDocument } from '@embed/design-document/model';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/** JSON with every object's keys in order: the same for two equal values, however their keys were ordered (PostgreSQL's jsonb reorders them). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What a save carries: the design's name and document. */
export interface SavedContent {
  name: string;
  doc: DesignDocument;
}

/** Whether two saves carry the same design, key order aside. */
export const sameContent = (a: SavedContent, b: SavedContent): boolean => a.name === b.name && canonicalJson(a.doc) === canonicalJson(b.doc);

/**
 * A save's fingerprint (SHA-256 of its canonical JSON, hex): the journal keeps the one of
 * a save in flight, so that a tab opened again can tell its own save, committed as the
 * page closed, from another tab's. Synchronous (not the browser's crypto.subtle), so
 * that nothing waits between taking the state to save and sending it.
 */
export function contentFingerprint(content: SavedContent): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson({ name: content.name, doc: content.doc }))));
}
