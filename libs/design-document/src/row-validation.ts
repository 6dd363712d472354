import type { DesignMode, Row } from './types';
import { validateDesign } from './validate';

export type RowValidation = { valid: true; row: Row } | { valid: false; errors: string[] };

/** The least settings of each mode, for a design that holds one row to be checked. */
const HOLDER_SETTINGS: Record<DesignMode, object> = {
  email: { subject: '' },
  page: { title: 'row' },
  popup: { label: 'row', position: 'center', width: 520, trigger: { type: 'load' }, frequency: { type: 'always' } },
  document: { pageSize: 'A4', orientation: 'portrait', margins: { top: 20, right: 20, bottom: 20, left: 20 } },
};

const HOLDER_PATH = '$.body.rows[0]';

/** The language tags a row's texts are translated into, so that the design holding it lists them. */
function translationTags(value: unknown, tags = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => translationTags(item, tags));
  else if (typeof value === 'object' && value !== null)
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'translations' && typeof inner === 'object' && inner !== null) Object.keys(inner).forEach((tag) => tags.add(tag));
      translationTags(inner, tags);
    }
  return tags;
}

/**
 * Checks that `input` is a row a design of `mode` can hold (a saved row of the project's
 * library): it is checked as the one row of such a design, by the document's own rules,
 * and the errors name it `$.row`.
 */
export function validateRow(input: unknown, mode: DesignMode): RowValidation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { valid: false, errors: ['$.row must be an object'] };
  const languages = [...translationTags(input)].filter((tag) => tag.toLowerCase() !== 'en');
  const holder = { schemaVersion: 1, mode, ...(languages.length && { languages }), settings: HOLDER_SETTINGS[mode], body: { rows: [input] } };
  const validation = validateDesign(holder);
  if (validation.valid) return { valid: true, row: validation.document.body.rows[0] };
  return { valid: false, errors: validation.errors.map((error) => error.split(HOLDER_PATH).join('$.row')) };
}
