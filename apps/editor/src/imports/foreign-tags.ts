import type { MergeTagChoice } from '../state/merge-tags';

// Another tool's merge tags in a source to import, as the Import dialog offers to map them
// to the project's (contracts §8, `mergeTags`): Mailchimp's `*|FNAME|*`, the bracketed
// `[first-name]` and `[unsubscribe]` of Unlayer's and others' special links, `%%Name%%`,
// and `{{first_name}}` when it is not a tag this editor offers. Each alternative has its
// own delimiters and a bounded length (within the import's 200 characters a source tag):
// one pass, linear in the source.
const FOREIGN_TAG = /\*\|[A-Za-z0-9_:-]{1,40}\|\*|\[[A-Za-z][\w-]{0,40}\]|%%[A-Za-z][\w-]{0,40}%%|\{\{\s?[A-Za-z][\w.-]{0,60}\s?\}\}/g;
/** Words that a JSON source writes in brackets and are no tag. */
const NOT_TAGS = new Set(['[true]', '[false]', '[null]']);
/** The most the dialog lists: past it, a source is not a design of merge tags but something else. */
export const MAX_FOREIGN_TAGS = 40;

/** Only tags of our grammar are taken as a mapping's target (the import's rule, libs/design-import). */
const OUR_TAG = /^\{\{[A-Za-z0-9_.]{1,120}\}\}$/;

/** The distinct foreign tags of `source`, in their first order, leaving out the tags `offered` holds. */
export function foreignMergeTags(source: string, offered: readonly MergeTagChoice[]): string[] {
  const ours = new Set(offered.map((choice) => choice.tag));
  const found = new Set<string>();
  for (const [tag] of source.matchAll(FOREIGN_TAG)) {
    if (ours.has(tag) || NOT_TAGS.has(tag.toLowerCase())) continue;
    found.add(tag);
    if (found.size === MAX_FOREIGN_TAGS) break;
  }
  return [...found];
}

/** The project's tags a foreign tag may be mapped to. */
export const mappableChoices = (offered: readonly MergeTagChoice[]): MergeTagChoice[] => offered.filter((choice) => OUR_TAG.test(choice.tag));

const words = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const UNSUBSCRIBE = /unsub/i;

/**
 * The project's tag a foreign one most likely means, or null: an unsubscribe link for the
 * tools' unsubscribe tags, else the tag whose last name or label is the foreign tag's name
 * (`[first-name]` and `{{first_name}}` for `{{contact.first_name}}`).
 */
export function likelyTag(foreign: string, choices: readonly MergeTagChoice[]): string | null {
  if (UNSUBSCRIBE.test(foreign)) return choices.find((choice) => choice.tag === '{{unsubscribe_url}}')?.tag ?? null;
  const name = words(foreign);
  const match = choices.find((choice) => words(choice.tag.slice(2, -2).split('.').at(-1) ?? '') === name || words(choice.label) === name);
  return match?.tag ?? null;
}
