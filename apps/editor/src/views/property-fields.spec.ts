import { BLOCK_TYPES, DESIGN_MODES } from '@embed/design-document/model';
import { CATALOGUES, LOCALES } from '../i18n';
import { BLOCK_FIELDS, BODY_FIELDS, COLUMN_FIELDS, LIST_ITEM_FIELDS, LIST_WORDS, rowFields, SETTINGS_FIELDS } from './property-fields';

// Keys made from data (an option's value, a list's kind) are not checked by the compiler: every one is in every catalogue.
describe('the property fields’ words', () => {
  const fields = [
    ...BLOCK_TYPES.flatMap((type) => BLOCK_FIELDS[type]),
    ...DESIGN_MODES.flatMap((mode) => [...rowFields(mode), ...SETTINGS_FIELDS[mode]]),
    ...COLUMN_FIELDS,
    ...BODY_FIELDS,
    ...Object.values(LIST_ITEM_FIELDS).flat(),
  ];

  it.each(LOCALES)('%s names every field, option and list', (locale) => {
    const catalogue = CATALOGUES[locale] as Record<string, string>;
    const keys = [
      ...fields.map((field) => field.label),
      ...fields.flatMap((field) => (field.optionLabel ? (field.options ?? []).map(field.optionLabel) : [])),
      ...Object.keys(LIST_ITEM_FIELDS).flatMap((list) => LIST_WORDS.map((word) => `list.${list}.${word}`)),
    ];
    expect(keys.filter((key) => catalogue[key] === undefined)).toEqual([]);
  });

  it('gives words to every option that is a word', () => {
    expect(fields.filter((field) => field.options?.some((option) => /[a-z]/i.test(option) && !/^A\d$/.test(option)) && !field.optionLabel).map((field) => field.key)).toEqual([]);
  });
});
