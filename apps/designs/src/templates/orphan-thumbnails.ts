import { decodeTime } from 'ulid';

/**
 * How old a thumbnail no template holds must be before a sweep removes it: far longer than
 * a create or a replace takes between storing its thumbnail and recording it (its budget is
 * seconds), so the sweep never takes a thumbnail a request is about to record.
 */
export const ORPHAN_THUMBNAIL_GRACE_MS = 3_600_000;

/** When a thumbnail was made, from its id (`tn_` and a ULID, whose first characters are the time); null for a key that is not one of ours. */
export function thumbnailMadeAt(key: string): number | null {
  const match = /\/tn_([0-9a-z]{26})\.png$/.exec(key);
  if (!match) return null;
  try {
    return decodeTime(match[1].toUpperCase());
  } catch {
    return null;
  }
}

/**
 * The thumbnails of one template's folder that no template holds: every one but the
 * template's own (`held`, null when the template is gone), made before `madeBefore`. A key
 * whose time cannot be read is left alone: the sweep removes only what it knows it made.
 */
export function orphanThumbnails(keys: readonly string[], held: string | null, madeBefore: number): string[] {
  return keys.filter((key) => {
    if (key === held) return false;
    const madeAt = thumbnailMadeAt(key);
    return madeAt !== null && madeAt < madeBefore;
  });
}
