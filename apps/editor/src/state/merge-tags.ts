import { type DesignDocument, MERGE_TAG, tagsIn } from '@embed/design-document/model';
import type { MergeTagOption } from '@embed/editor-protocol';

/** A merge tag the menu offers: as written in the design, with its label, group and sample. */
export interface MergeTagChoice {
  /** Braces included, as the document's grammar reads it (`{{contact.plan}}`). */
  tag: string;
  label: string;
  /** The group's name in the menu; null: the menu's one group. */
  group: string | null;
  /** What the preview with sample data shows in its place; null: the tag stays as written. */
  sample: string | null;
}

/** At most this many tags from the integrator: a menu is for people, and every chip looks its tag up. */
export const MAX_MERGE_TAGS = 500;
const MAX_LABEL = 80;
const MAX_SAMPLE = 500;

const text = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= max;

/** The tag as written with its braces, when `written` is exactly one tag of the grammar (with or without its braces). */
function asTag(written: string): string | null {
  const braced = written.startsWith('{{') ? written : `{{${written}}}`;
  const [only, ...more] = tagsIn(braced);
  return only && more.length === 0 && only.tag === braced ? braced : null;
}

/**
 * The integrator's `mergeTags` as the menu offers them, and what was left out, each
 * naming its entry and why (the editor tells the page with an `options_invalid` error and
 * goes on without it). The tags the service fills itself (`builtIn`) stay in the menu,
 * after the integrator's in a group of their own (`builtInGroup`), unless the integrator
 * gives one of them (its label and sample win); alone, they are the menu's one group. A
 * tag given twice keeps its first entry.
 */
export function mergeTagChoices(input: unknown, builtIn: readonly MergeTagChoice[], builtInGroup: string): { choices: MergeTagChoice[]; problems: string[] } {
  const { choices, problems } = integratorChoices(input);
  if (choices.length === 0) return { choices: [...builtIn], problems };
  const given = new Set(choices.map((choice) => choice.tag));
  return { choices: [...choices, ...builtIn.filter((choice) => !given.has(choice.tag)).map((choice) => ({ ...choice, group: builtInGroup }))], problems };
}

function integratorChoices(input: unknown): { choices: MergeTagChoice[]; problems: string[] } {
  if (input === undefined || input === null) return { choices: [], problems: [] };
  if (!Array.isArray(input)) return { choices: [], problems: ['mergeTags must be an array of {tag, label, sample?, group?}'] };
  const choices: MergeTagChoice[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  input.forEach((entry: Partial<MergeTagOption> | null, index) => {
    const where = `mergeTags[${index}]`;
    if (index >= MAX_MERGE_TAGS) return void (index === MAX_MERGE_TAGS && problems.push(`mergeTags has more than ${MAX_MERGE_TAGS} entries; the rest are left out`));
    const tag = typeof entry?.tag === 'string' ? asTag(entry.tag) : null;
    if (!tag) return void problems.push(`${where}.tag must be one merge tag, {{name}} with 1 to 200 characters and no braces inside`);
    if (!text(entry?.label, MAX_LABEL)) return void problems.push(`${where}.label must be a text of 1 to ${MAX_LABEL} characters`);
    if (entry?.sample !== undefined && (typeof entry.sample !== 'string' || entry.sample.length > MAX_SAMPLE)) return void problems.push(`${where}.sample must be a text of at most ${MAX_SAMPLE} characters`);
    if (entry?.group !== undefined && !text(entry.group, MAX_LABEL)) return void problems.push(`${where}.group must be a text of 1 to ${MAX_LABEL} characters`);
    if (seen.has(tag)) return void problems.push(`${where}.tag ${tag} is given twice; the first is kept`);
    seen.add(tag);
    choices.push({ tag, label: entry!.label!.trim(), group: entry?.group?.trim() ?? null, sample: entry?.sample ?? null });
  });
  return { choices, problems };
}

/** The choices whose label, tag or group has every word of `query` (case and accents aside). */
export function searchMergeTags(choices: readonly MergeTagChoice[], query: string): MergeTagChoice[] {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  return choices.filter((choice) => {
    const haystack = fold(`${choice.label} ${choice.tag} ${choice.group ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** The choices by group, in the order each group first appears. */
export function groupMergeTags(choices: readonly MergeTagChoice[]): { group: string | null; choices: MergeTagChoice[] }[] {
  const groups = new Map<string | null, MergeTagChoice[]>();
  for (const choice of choices) groups.set(choice.group, [...(groups.get(choice.group) ?? []), choice]);
  return [...groups].map(([group, members]) => ({ group, choices: members }));
}

/** `doc` with every tag that has a sample written as its sample, in every text and address: what the preview with sample data renders. */
export function withSamples(doc: DesignDocument, choices: readonly MergeTagChoice[]): DesignDocument {
  const samples = new Map(choices.filter((choice) => choice.sample !== null).map((choice) => [choice.tag, choice.sample as string]));
  if (samples.size === 0) return doc;
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') return value.includes('{{') ? value.replace(MERGE_TAG, (tag) => samples.get(tag) ?? tag) : value;
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, fill(field)]));
    return value;
  };
  return fill(doc) as DesignDocument;
}
