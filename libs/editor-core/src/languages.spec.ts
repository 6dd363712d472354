import { type DesignDocument, inLanguage, validateDesign } from '@embed/design-document';
import { applyCommand, type Command } from './commands';
import { inLanguageCommand, languageView } from './languages';
import { keyOf } from './keys';
import { CommandError } from './paths';
import { exampleEmail } from './testing/designs';

const email = (): DesignDocument => {
  const doc = exampleEmail();
  // The example may already hold languages: start from the default language alone.
  return JSON.parse(JSON.stringify({ ...doc, languages: undefined }, (key, value) => (key === 'translations' ? undefined : value)));
};
const heading = { row: 1, column: 0, block: 1 };
const run = (doc: DesignDocument, command: Command, language = 'fr') => applyCommand(doc, inLanguageCommand(doc, command, language));

describe('editing in another language', () => {
  it('adds a language with every text copied from the default, and undoes it whole', () => {
    const doc = email();
    const { doc: added, inverse } = applyCommand(doc, { type: 'addLanguage', language: 'fr' });
    expect(added.languages).toEqual(['fr']);
    expect(validateDesign(added).valid).toBe(true);
    expect(inLanguage(added, 'fr').untranslated).toEqual([]);
    expect(inLanguage(added, 'fr').doc.body).toEqual(inLanguage(doc, 'en').doc.body);
    expect(applyCommand(added, inverse).doc).toEqual(doc);
    expect(() => applyCommand(added, { type: 'addLanguage', language: 'fr' })).toThrow(CommandError);
    expect(() => applyCommand(doc, { type: 'addLanguage', language: 'en' })).toThrow(CommandError);
  });

  it('changes only that language’s texts: rich text, a field, a subject, a menu’s words; layout stays shared', () => {
    let doc = applyCommand(email(), { type: 'addLanguage', language: 'fr' }).doc;
    const before = doc;
    doc = run(doc, { type: 'setRichText', at: heading, content: [{ text: 'Bonjour' }] }).doc;
    doc = run(doc, { type: 'patchBlock', at: { row: 1, column: 0, block: 0 }, patch: { alt: 'Deux randonneurs' } }).doc;
    doc = run(doc, { type: 'patchSettings', patch: { subject: 'Le printemps' } }).doc;
    const menu = { row: 0, column: 1, block: 0 };
    const items = languageView(doc, 'fr').body.rows[0].columns[1].blocks[0];
    if (items.type !== 'menu') throw new Error('the example’s menu moved');
    doc = run(doc, { type: 'patchBlock', at: menu, patch: { items: items.items.map((item, i) => (i === 0 ? { ...item, text: 'Hommes' } : item)) } }).doc;
    doc = run(doc, { type: 'patchBlock', at: heading, patch: { style: { fontSize: 40 } } }).doc;

    expect(inLanguage(doc, 'en').doc.body.rows[1].columns[0].blocks[1]).toMatchObject({ content: inLanguage(before, 'en').doc.body.rows[1].columns[0].blocks[1].type === 'heading' ? (before.body.rows[1].columns[0].blocks[1] as { content: unknown }).content : [], style: { fontSize: 40 } });
    expect(inLanguage(doc, 'en').doc.settings).toEqual(inLanguage(before, 'en').doc.settings);
    const french = languageView(doc, 'fr');
    expect(french.body.rows[1].columns[0].blocks[1]).toMatchObject({ content: [{ text: 'Bonjour' }], style: { fontSize: 40 } });
    expect(french.body.rows[1].columns[0].blocks[0]).toMatchObject({ alt: 'Deux randonneurs' });
    expect(french.settings).toMatchObject({ subject: 'Le printemps' });
    expect(french.body.rows[0].columns[1].blocks[0]).toMatchObject({ items: [{ text: 'Hommes' }, {}, {}] });
    expect(inLanguage(doc, 'en').doc.body.rows[0].columns[1].blocks[0]).toMatchObject({ items: [{ text: 'Men' }, {}, {}] });
    expect(keyOf(french.body.rows[1])).toBe(keyOf(doc.body.rows[1]));
    expect(validateDesign(doc).valid).toBe(true);
  });

  it('undoes a translated text back to what it was', () => {
    const doc = applyCommand(email(), { type: 'addLanguage', language: 'fr' }).doc;
    const { doc: after, inverse } = run(doc, { type: 'setRichText', at: heading, content: [{ text: 'Bonjour' }] });
    expect(applyCommand(after, inverse).doc).toEqual(doc);
  });

  it('leaves every command alone in the default language', () => {
    const command: Command = { type: 'setRichText', at: heading, content: [{ text: 'Hello' }] };
    expect(inLanguageCommand(email(), command, 'en')).toBe(command);
  });
});
