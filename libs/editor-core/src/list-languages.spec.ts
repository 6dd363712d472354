import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type DesignDocument, type FormBlock, inLanguage, type MenuBlock, validateDesign } from '@embed/design-document';
import { applyCommand, type Command } from './commands';
import { inLanguageCommand, languageView } from './languages';

// Lists (form fields, menu items) edited in any of the design's languages: a text goes to
// the language edited in, everything else to the shared list, and items moved, added or
// removed take every language's texts with them.

const page = (): DesignDocument => {
  const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/examples/designs/page.json'), 'utf8'));
  return JSON.parse(JSON.stringify({ ...doc, languages: ['fr'] }, (key, value) => (key === 'translations' ? undefined : value)));
};
const FORM = { row: 4, column: 1, block: 0 };
const MENU = { row: 0, column: 1, block: 0 };
const formIn = (doc: DesignDocument, language: string) => languageView(doc, language).body.rows[4].columns[1].blocks[0] as FormBlock;
const menuIn = (doc: DesignDocument, language: string) => languageView(doc, language).body.rows[0].columns[1].blocks[0] as MenuBlock;
const run = (doc: DesignDocument, command: Command, language: string) => applyCommand(doc, inLanguageCommand(doc, command, language));
/** The panel's change of form field `i` as the language's view shows it. */
const editField = (doc: DesignDocument, language: string, i: number, patch: Record<string, unknown>): Command => ({
  type: 'patchBlock',
  at: FORM,
  patch: { fields: formIn(doc, language).fields.map((field, j) => (j === i ? { ...field, ...patch } : field)) },
});
const valid = (doc: DesignDocument) => {
  const validation = validateDesign(doc);
  expect(validation.valid ? [] : validation.errors).toEqual([]);
};

describe('a form edited in another language', () => {
  it('puts a label, a placeholder and a choice’s words in the translation, the English form unchanged', () => {
    const english = page();
    let doc = run(english, editField(english, 'fr', 0, { label: 'Votre nom' }), 'fr').doc;
    doc = run(doc, editField(doc, 'fr', 1, { placeholder: 'vous@exemple.fr' }), 'fr').doc;
    const select = formIn(doc, 'fr').fields[2];
    doc = run(doc, editField(doc, 'fr', 2, { options: select.options?.map((option, o) => (o === 1 ? { ...option, label: 'Je cours sur route' } : option)) }), 'fr').doc;
    valid(doc);
    expect(inLanguage(doc, 'en').doc.body.rows[4].columns[1].blocks[0]).toEqual(inLanguage(english, 'en').doc.body.rows[4].columns[1].blocks[0]);
    const french = inLanguage(doc, 'fr');
    const form = french.doc.body.rows[4].columns[1].blocks[0] as FormBlock;
    expect(form.fields.map((field) => field.label)).toEqual(['Votre nom', 'Email', 'How much do you run?', 'Send me news about future events']);
    expect(form.fields[1].placeholder).toBe('vous@exemple.fr');
    expect(form.fields[2].options?.map((option) => option.label)).toEqual(['I am new to running', 'Je cours sur route', 'I already run trails']);
    expect(form.fields[2].options?.map((option) => option.value)).toEqual(['new', 'road', 'trail']);
    // What the panel shows is what renders.
    expect(formIn(doc, 'fr').fields).toEqual(form.fields);
    const left = french.untranslated.filter((one) => one.place === 'row 5, column 2, block 1').map((one) => one.text);
    expect(left).toEqual(expect.arrayContaining(['fields[3].label', 'fields[2].options[0]', 'submitText']));
    expect(left).not.toContain('fields[0].label');
    expect(left).not.toContain('fields[2].options[1]');
  });

  it('shares a field’s kind, name and requirement: changed in French, the English form takes them with its own words', () => {
    let doc = page();
    doc = run(doc, editField(doc, 'fr', 0, { label: 'Votre nom' }), 'fr').doc;
    doc = run(doc, editField(doc, 'fr', 0, { required: false, name: 'full_name' }), 'fr').doc;
    valid(doc);
    const english = inLanguage(doc, 'en').doc.body.rows[4].columns[1].blocks[0] as FormBlock;
    expect(english.fields[0]).toEqual({ name: 'full_name', label: 'Your name', kind: 'text', required: false });
    expect(formIn(doc, 'fr').fields[0]).toEqual({ name: 'full_name', label: 'Votre nom', kind: 'text', required: false });
  });

  it('copies the form’s texts when a language is added, so nothing in it is left untranslated', () => {
    const english = { ...page(), languages: undefined } as DesignDocument;
    const added = applyCommand(english, { type: 'addLanguage', language: 'de' }).doc;
    valid(added);
    expect(inLanguage(added, 'de').untranslated).toEqual([]);
    const form = added.body.rows[4].columns[1].blocks[0] as { translations?: Record<string, { fields?: unknown[] }> };
    expect(form.translations?.de?.fields?.[2]).toEqual({ label: 'How much do you run?', options: ['I am new to running', 'I run on roads', 'I already run trails'] });
  });

  it('moves, removes and adds fields with every language’s words, in English or in French, and undoes each', () => {
    let doc = page();
    doc = run(doc, editField(doc, 'fr', 0, { label: 'Votre nom' }), 'fr').doc;
    doc = run(doc, editField(doc, 'fr', 3, { label: 'Envoyez-moi les nouvelles' }), 'fr').doc;
    const labels = (one: DesignDocument, language: string) => formIn(one, language).fields.map((field) => `${field.name}:${field.label}`);

    // Field 4 moved to the top in English: its French words go with it.
    const fields = formIn(doc, 'en').fields;
    const moving: Command = { type: 'patchBlock', at: FORM, patch: { fields: [fields[3], ...fields.slice(0, 3)] } };
    const moved = run(doc, moving, 'en');
    valid(moved.doc);
    expect(labels(moved.doc, 'fr')).toEqual(['consent:Envoyez-moi les nouvelles', 'name:Votre nom', 'email:Email', 'level:How much do you run?']);
    expect(labels(moved.doc, 'en')).toEqual(['consent:Send me news about future events', 'name:Your name', 'email:Email', 'level:How much do you run?']);
    expect(applyCommand(moved.doc, moved.inverse).doc).toEqual(doc);

    // Field 1 removed in French: the English form loses it too, the others keep their words.
    const shown = formIn(moved.doc, 'fr').fields;
    const removed = run(moved.doc, { type: 'patchBlock', at: FORM, patch: { fields: shown.slice(1) } }, 'fr').doc;
    valid(removed);
    expect(labels(removed, 'fr')).toEqual(['name:Votre nom', 'email:Email', 'level:How much do you run?']);
    expect(labels(removed, 'en')).toEqual(['name:Your name', 'email:Email', 'level:How much do you run?']);

    // A field added in French, then moved up: the English form has it, in its words, and French falls back to them.
    const fresh = { name: 'field_4', label: 'Champ 4', kind: 'text' };
    let added = run(removed, { type: 'patchBlock', at: FORM, patch: { fields: [...formIn(removed, 'fr').fields, fresh] } }, 'fr').doc;
    const now = formIn(added, 'fr').fields;
    added = run(added, { type: 'patchBlock', at: FORM, patch: { fields: [now[0], now[3], now[1], now[2]] } }, 'fr').doc;
    valid(added);
    expect(labels(added, 'en')).toEqual(['name:Your name', 'field_4:Champ 4', 'email:Email', 'level:How much do you run?']);
    expect(labels(added, 'fr')).toEqual(['name:Votre nom', 'field_4:Champ 4', 'email:Email', 'level:How much do you run?']);
    expect(inLanguage(added, 'fr').untranslated.map((one) => one.text)).toContain('fields[1].label');
  });
});

describe('a menu edited in another language', () => {
  it('moves an item with its address and both languages’ words', () => {
    let doc = page();
    const items = menuIn(doc, 'fr').items;
    doc = run(doc, { type: 'patchBlock', at: MENU, patch: { items: items.map((item, i) => (i === 0 ? { ...item, text: 'Ateliers' } : item)) } }, 'fr').doc;
    const shown = menuIn(doc, 'fr').items;
    doc = run(doc, { type: 'patchBlock', at: MENU, patch: { items: [shown[1], shown[0], ...shown.slice(2)] } }, 'fr').doc;
    valid(doc);
    const pairs = (language: string) => menuIn(doc, language).items.map((item) => [item.text, item.href]);
    expect(pairs('fr')[1]).toEqual(['Ateliers', items[0].href]);
    expect(pairs('en')[1]).toEqual([page().body.rows[0].columns[1].blocks[0].type === 'menu' ? (page().body.rows[0].columns[1].blocks[0] as MenuBlock).items[0].text : '', items[0].href]);
    expect(pairs('fr')[0]).toEqual(pairs('en')[0]);
  });
});
