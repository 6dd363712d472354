import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DesignDocument, EmailDesign } from './types';
import { designLanguages, inLanguage, servingLanguage, textDirection } from './languages';
import { validateDesign } from './validate';

const repo = path.resolve(__dirname, '../../..');
const email = (): EmailDesign => JSON.parse(readFileSync(path.join(repo, 'docs/examples/designs/email.json'), 'utf8'));
const errorsOf = (input: unknown) => {
  const result = validateDesign(input);
  return result.valid ? [] : result.errors;
};

function bilingual(): DesignDocument {
  const doc = email();
  const strip = { ...doc, languages: ['fr'] } as EmailDesign;
  strip.settings = { ...doc.settings, translations: { fr: { subject: '{{contact.first_name}}, la collection de printemps est là' } } };
  const rows = structuredClone(doc.body.rows);
  const heading = rows[1].columns[0].blocks[1];
  if (heading.type === 'heading') heading.translations = { fr: { content: [{ text: 'Bonjour {{contact.first_name}}, le printemps est là' }] } };
  strip.body = { ...doc.body, rows };
  return strip;
}

describe('languages', () => {
  it('takes translations of the listed languages, and refuses others', () => {
    expect(errorsOf(bilingual())).toEqual([]);
    expect(errorsOf({ ...bilingual(), languages: [] }).join('\n')).toMatch(/translations has fr, which is not one of the design's languages/);
    expect(errorsOf({ ...bilingual(), languages: ['fr', 'en'] }).join('\n')).toMatch(/lists en, the design's default language/);
    expect(errorsOf({ ...bilingual(), languages: ['fr', 'fr'] }).join('\n')).toMatch(/languages/);
    expect(errorsOf({ ...bilingual(), languages: ['not a tag'] }).join('\n')).toMatch(/languages/);
  });

  it('reads the design in a language: translated texts in place, the rest in the default language, each named', () => {
    const { doc, untranslated } = inLanguage(bilingual(), 'fr');
    expect(doc.language).toBe('fr');
    expect(doc.mode === 'email' && doc.settings.subject).toBe('{{contact.first_name}}, la collection de printemps est là');
    expect(doc.body.rows[1].columns[0].blocks[1]).toMatchObject({ content: [{ text: 'Bonjour {{contact.first_name}}, le printemps est là' }] });
    expect(JSON.stringify(doc)).not.toContain('translations');
    expect(untranslated).toContainEqual({ place: 'the settings', text: 'preheader' });
    expect(untranslated).toContainEqual({ place: 'row 1, column 2, block 1', text: 'items[0]' });
    expect(untranslated).not.toContainEqual({ place: 'row 2, column 1, block 2', text: 'content' });
    expect(validateDesign(doc).valid).toBe(true);
  });

  it('reads the default language as written', () => {
    const { doc, untranslated } = inLanguage(bilingual(), 'en');
    expect(untranslated).toEqual([]);
    expect(doc.body.rows[1].columns[0].blocks[1]).toMatchObject({ content: email().body.rows[1].columns[0].blocks[1].type === 'heading' ? (email().body.rows[1].columns[0].blocks[1] as { content: unknown }).content : [] });
  });

  it('finds the language serving a request, and which way each is written', () => {
    expect(designLanguages(bilingual())).toEqual(['en', 'fr']);
    expect(servingLanguage(bilingual(), 'FR')).toBe('fr');
    expect(servingLanguage(bilingual(), 'fr-CA')).toBe('fr');
    expect(servingLanguage(bilingual(), 'de')).toBeNull();
    expect(['ar', 'he', 'fa-IR', 'ur', 'dv', 'ku-Arab', 'en', 'fr', 'ja', 'ku-Latn'].map(textDirection)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl', 'rtl', 'ltr', 'ltr', 'ltr', 'ltr']);
  });
});
