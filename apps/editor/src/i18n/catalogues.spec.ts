import { checkDesign, describeFinding, placeholders } from '@embed/design-checks';
import type { EmailDesign } from '@embed/design-document/model';
import { en } from './en';
import { CATALOGUES, createTranslator, LOCALES, resolveLocale } from './translate';

const sorted = (items: string[]) => [...items].sort();

describe('catalogues', () => {
  it.each(LOCALES)('%s has every key of en and no other, each with words', (locale) => {
    const catalogue = CATALOGUES[locale];
    expect(sorted(Object.keys(catalogue))).toEqual(sorted(Object.keys(en)));
    for (const [key, words] of Object.entries(catalogue)) expect([key, words.trim().length > 0]).toEqual([key, true]);
  });

  it.each(LOCALES)('%s has the same placeholders as en in every message', (locale) => {
    const catalogue = CATALOGUES[locale] as Record<string, string>;
    for (const [key, template] of Object.entries(en)) expect([key, sorted(placeholders(catalogue[key]))]).toEqual([key, sorted(placeholders(template))]);
  });

  it('shows the French words of a design check, numbers written the French way', () => {
    const doc: EmailDesign = {
      schemaVersion: 1,
      mode: 'email',
      settings: { subject: 'Hello', preheader: 'Hi' },
      body: { rows: [{ columns: [{ blocks: [{ type: 'image', src: 'https://x.example/a.png', alt: 'x' }, { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Pale words' }] }], style: { color: '#999999' } }] }] }] },
    };
    const [finding] = checkDesign(doc).filter((found) => found.check === 'contrast');
    const { translate } = createTranslator('fr-CA');
    expect(describeFinding(finding, translate)).toBe(
      'Le texte « Pale words » (rangée 1, colonne 1, bloc 2) a un contraste de 2,84:1 avec le #ffffff derrière lui, sous les 4,5:1 que demande le niveau AA des WCAG.',
    );
  });
});

describe('createTranslator', () => {
  it('picks the catalogue by language and falls back to English', () => {
    expect(['fr', 'FR-ca', 'fr_BE', 'en-GB', 'de', undefined, ''].map(resolveLocale)).toEqual(['fr', 'fr', 'fr', 'en', 'en', 'en', 'en']);
  });

  it('fills typed placeholders and formats numbers and dates in the locale', () => {
    const fr = createTranslator('fr');
    expect(fr.t('checks.meter.value', { size: 51.25, limit: 102 })).toBe('51,25 Ko sur 102 Ko avant que Gmail coupe l’e-mail');
    expect(createTranslator('en').t('checks.meter.value', { size: 1234.5, limit: 102 })).toBe('1,234.5 KB of 102 KB before Gmail clips the email');
    expect(fr.t('save.state.saved')).toBe('Enregistré');
    const date = Date.UTC(2026, 10, 23, 14, 5);
    expect(fr.formatDate(date, { dateStyle: 'long', timeZone: 'UTC' })).toBe('23 novembre 2026');
    expect(createTranslator('en').formatDate(date, { dateStyle: 'long', timeZone: 'UTC' })).toBe('November 23, 2026');
  });
});
