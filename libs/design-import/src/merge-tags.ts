// The caller's map from the source's merge tags to ours (`*|FNAME|*` to
// `{{contact.first_name}}`, `[unsubscribe]` to `{{unsubscribe_url}}`), applied to every
// text, alt text and address of the source before it is read.
import { MERGE_TAG_MAP_LIMITS } from '@embed/contracts';
import type { ImportWarnings } from './warnings';

/** Our tags: `{{contact.<field>}}`, `{{unsubscribe_url}}`, `{{preferences_url}}`, as the schema's addresses take them. */
const OUR_TAG = /^\{\{[A-Za-z0-9_.]{1,120}\}\}$/;

/** Replaces each source tag by ours in one pass: a value put in is never read again for another tag. */
export type MergeTagReplacer = (text: string) => string;

export function mergeTagReplacer(map: Record<string, string> | undefined, warnings: ImportWarnings): MergeTagReplacer {
  const pairs = Object.entries(map ?? {})
    .filter(([from, to]) => {
      if (from.length > 0 && from.length <= 200 && typeof to === 'string' && OUR_TAG.test(to)) return true;
      warnings.add(`mergeTags[${JSON.stringify(from.slice(0, 40))}]`, 'merge_tag_unused', { tags: '{{contact.<field>}}, {{unsubscribe_url}}, {{preferences_url}}' });
      return false;
    })
    .slice(0, MERGE_TAG_MAP_LIMITS.tags)
    // The longest first, so that `*|FNAME|*` is not read as a shorter tag inside it.
    .sort(([a], [b]) => b.length - a.length);
  if (!pairs.length) return (text) => text;
  const replace = (text: string, from: number): string => {
    if (from === pairs.length || !text) return text;
    const [tag, ours] = pairs[from];
    return text.split(tag).map((piece) => replace(piece, from + 1)).join(ours);
  };
  return (text) => replace(text, 0);
}
