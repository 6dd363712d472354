import { DESIGN_DOCUMENT_JSON_SCHEMA as schema } from './definition/json-schema';

// One field's value judged by the schema's own rule for it ($defs), for editors that check
// a value as it is typed and say what is wrong in words, naming the field. The
// document's definition (./definition) stays the only statement of the rules.

type Definition = { type?: string; pattern?: string; maxLength?: number; minimum?: number; maximum?: number; enum?: unknown[] };
const definitions = (schema as unknown as { $defs: Record<string, Definition> }).$defs;

/** The $defs a single field can be checked against. */
export type FieldRule = 'color' | 'padding' | 'href' | 'url' | 'webUrl' | 'imageUrl' | 'fontStylesheetUrl' | 'fontFamily' | 'fontSize' | 'lineHeight' | 'borderRadius' | 'id' | 'shortText' | 'plainText';

const EXPLAINED: Partial<Record<FieldRule, string>> = {
  color: 'a colour such as #1a56db (3, 6 or 8 hex digits) or transparent',
  padding: 'one to four pixel values such as 10px or 10px 20px',
  href: 'an address starting with https://, http://, mailto:, tel:, # or a merge tag, or nothing',
  url: 'an address starting with https://, http://, mailto:, tel:, # or a merge tag',
  webUrl: 'an address starting with https:// or http://',
  imageUrl: 'an image address starting with https:// or http://, or a merge tag',
  fontStylesheetUrl: 'a stylesheet address starting with https://',
  fontFamily: 'font names separated by commas (letters, digits, spaces, quotes and hyphens)',
  id: 'letters, digits, _ and - only (at most 64)',
};

/**
 * What is wrong with a value, as data, for an editor that words it in its own language:
 * not a number, not whole, out of range, too long, or not of the rule's form.
 */
export type FieldIssue =
  | { kind: 'number' }
  | { kind: 'integer' }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'length'; max: number }
  | { kind: 'pattern'; rule: FieldRule };

/** What is wrong with `value` for a field of `rule`, or null when the schema takes it. */
export function fieldIssue(rule: FieldRule, value: string | number): FieldIssue | null {
  const definition = definitions[rule];
  if (typeof value === 'number' || definition.type === 'integer' || definition.type === 'number') {
    const number = Number(value);
    const { minimum, maximum } = definition;
    if ((typeof value === 'string' && value.trim() === '') || !Number.isFinite(number)) return { kind: 'number' };
    if (definition.type === 'integer' && !Number.isInteger(number)) return { kind: 'integer' };
    if ((minimum !== undefined && number < minimum) || (maximum !== undefined && number > maximum)) return { kind: 'range', min: minimum as number, max: maximum as number };
    return null;
  }
  if (definition.maxLength !== undefined && value.length > definition.maxLength) return { kind: 'length', max: definition.maxLength };
  if (definition.pattern && !new RegExp(definition.pattern, 'u').test(value)) return { kind: 'pattern', rule };
  return null;
}

/** The words of a pattern issue for `rule`: what the field needs, after "must be". */
const explainRule = (rule: FieldRule): string => EXPLAINED[rule] ?? 'in the form the design document allows';

/** What is wrong with `value` for the field called `label`, in English words, or null when the schema takes it. */
export function fieldProblem(label: string, rule: FieldRule, value: string | number): string | null {
  const issue = fieldIssue(rule, value);
  switch (issue?.kind) {
    case undefined:
      return null;
    case 'number':
      return `${label} must be a number`;
    case 'integer':
      return `${label} must be a whole number`;
    case 'range':
      return `${label} must be from ${issue.min} to ${issue.max}`;
    case 'length':
      return `${label} must be at most ${issue.max} characters`;
    case 'pattern':
      return `${label} must be ${explainRule(issue.rule)}`;
  }
}
