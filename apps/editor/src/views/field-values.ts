import { definitionIssue, type FieldIssue, type FieldRule } from '@embed/design-document/model';
import type { Patch } from '@embed/editor-core';
import type { Translator } from '../i18n';
import type { FieldSpec } from './property-fields';

export type Holder = Record<string, unknown>;

/** The object that holds the field inside `target` (empty while it is not there yet). */
export function holderOf(target: Holder, field: FieldSpec): Holder {
  let holder: unknown = target;
  for (const key of field.in ?? []) holder = (holder as Holder | undefined)?.[key];
  return (holder as Holder | undefined) ?? {};
}

export const fieldValue = (target: Holder, field: FieldSpec): unknown => holderOf(target, field)[field.key];

/** A field is shown unless the object holding it is in a state where it means nothing. */
export const fieldShown = (target: Holder, field: FieldSpec): boolean => !field.when || field.when(holderOf(target, field));

export type ValueIssue = FieldIssue | { kind: 'required' };

/** What is wrong with the typed value, by the document's definition of the field; null when the document takes it. */
export function valueIssue(field: FieldSpec, raw: string): ValueIssue | null {
  if (raw === '') return field.required ? { kind: 'required' } : null;
  return field.kind === 'select' ? null : definitionIssue(field.definition, raw);
}

const EXPLAINED_RULES: readonly FieldRule[] = ['color', 'padding', 'href', 'url', 'webUrl', 'imageUrl', 'fontStylesheetUrl', 'fontFamily', 'id'];

/** The issue in the editor's language, naming the field. */
export function issueWords({ t, translate }: Translator, field: string, issue: ValueIssue): string {
  switch (issue.kind) {
    case 'required':
      return t('problem.required', { field });
    case 'number':
      return t('problem.number', { field });
    case 'integer':
      return t('problem.integer', { field });
    case 'range':
      return t('problem.range', { field, min: issue.min, max: issue.max });
    case 'length':
      return t('problem.length', { field, max: issue.max });
    case 'pattern':
      return translate(issue.rule && EXPLAINED_RULES.includes(issue.rule) ? `problem.pattern.${issue.rule}` : 'problem.pattern.other', { field });
  }
}

/**
 * Objects inside a design that must be whole: what one of them becomes once a field of
 * it is set (the fields the schema requires filled in, the fields its kind does not
 * take left out), or undefined when it is to go.
 */
const WHOLE: Record<string, (object: Holder) => Holder | undefined> = {
  // A border is its style, width and colour, or nothing: its style's "Default" takes it away.
  border: ({ style, width, color }) => (style === undefined ? undefined : { width: width ?? 1, style, color: color ?? '#000000' }),
  trigger: ({ type, seconds, percent }) => (type === 'delay' ? { type, seconds: seconds ?? 5 } : type === 'scroll' ? { type, percent: percent ?? 50 } : { type }),
  frequency: ({ type, days }) => (type === 'everyDays' ? { type, days: days ?? 7 } : { type }),
  overlay: (overlay) => ({ ...overlay, show: overlay.show ?? false }),
  closeButton: (close) => ({ ...close, show: close.show ?? true }),
};

function withField(holder: unknown, name: string, path: string[], value: unknown): unknown {
  const object: Holder = { ...((holder as Holder | undefined) ?? {}) };
  const [key, ...rest] = path;
  const inner = rest.length ? withField(object[key], key, rest, value) : value;
  if (inner === undefined) delete object[key];
  else object[key] = inner;
  const whole = WHOLE[name] ? WHOLE[name](object) : object;
  return whole && Object.keys(whole).length ? whole : undefined;
}

/** The value a control's raw input stands for; undefined means "not set": the field leaves the document. */
function valueOf(field: FieldSpec, raw: string | boolean): unknown {
  if (field.kind === 'checkbox') return field.trueWhenAbsent ? (raw ? undefined : false) : raw || undefined;
  if (raw === '' || typeof raw === 'boolean') return undefined;
  const numeric = field.kind === 'number' || (field.options?.every((option) => /^\d+$/.test(option)) ?? false);
  return numeric ? Number(raw) : raw;
}

/** The patch of the edited object that sets one field, the objects holding it made whole. */
export function fieldPatch(target: Holder, field: FieldSpec, raw: string | boolean): Patch {
  const [top, ...rest] = [...(field.in ?? []), field.key];
  const value = valueOf(field, raw);
  return { [top]: rest.length ? withField(target[top], top, rest, value) : value };
}
