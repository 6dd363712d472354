import { BLOCK_TYPES, type BlockType, blockTypesFor, type DesignDocument, type DesignMode, DESIGN_MODES } from '@embed/design-document/model';
import { applyCommand, CommandError, newBlock } from '@embed/editor-core';
import { CATALOGUES, LOCALES } from '../i18n';
import { fieldPatch, type Holder, valueIssue } from './field-values';
import { BLOCK_FIELDS, BODY_FIELDS, bodyFields, COLUMN_FIELDS, type FieldSpec, LIST_ITEM_FIELDS, LIST_WORDS, rowFields, SETTINGS_FIELDS } from './property-fields';

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

describe('the property fields’ bounds', () => {
  const numberField = (type: BlockType, key: string) => BLOCK_FIELDS[type].find((field) => field.key === key && !field.in)!;

  it('are the document’s: an image or video up to 1200 px wide, a spacer up to 400 px high', () => {
    expect([numberField('image', 'width').max, numberField('video', 'width').max, numberField('spacer', 'height').max]).toEqual([1200, 1200, 400]);
    expect(valueIssue(numberField('image', 'width'), '2000')).toEqual({ kind: 'range', min: 1, max: 1200 });
    expect(valueIssue(numberField('spacer', 'height'), '500')).toEqual({ kind: 'range', min: 1, max: 400 });
  });

  it('take in every number field of every block what a command takes, and refuse what it refuses', () => {
    const doc: DesignDocument = { schemaVersion: 1, mode: 'page', settings: { title: 'Page' }, body: { rows: [{ columns: [{ blocks: [] }] }] } };
    for (const type of blockTypesFor('page')) {
      const block = newBlock(type);
      const placed = applyCommand(doc, { type: 'insertBlock', at: { row: 0, column: 0, block: 0 }, block }).doc;
      const edit = (field: FieldSpec, raw: string) => applyCommand(placed, { type: 'patchBlock', at: { row: 0, column: 0, block: 0 }, patch: fieldPatch(block as unknown as Holder, field, raw) });
      for (const field of BLOCK_FIELDS[type].filter((spec) => spec.kind === 'number' && !spec.when)) {
        for (const raw of [String(field.min), String(field.max)]) {
          expect(valueIssue(field, raw)).toBeNull();
          expect(() => edit(field, raw)).not.toThrow();
        }
        for (const raw of [String((field.min as number) - 1), String((field.max as number) + 1)]) {
          expect(valueIssue(field, raw)).toEqual({ kind: 'range', min: field.min, max: field.max });
          expect(() => edit(field, raw)).toThrow(CommandError);
        }
      }
    }
  });
});

describe('the body’s fields', () => {
  it('offer a fixed width to an email only: the renderer draws it in emails', () => {
    const keys = (mode: DesignMode) => bodyFields(mode).map((field) => field.key);
    expect(keys('email')).toEqual(expect.arrayContaining(['contentWidth', 'fixedWidth']));
    for (const mode of ['page', 'popup', 'document'] as const) expect(keys(mode)).not.toContain('fixedWidth');
  });
});
