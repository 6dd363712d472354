import { checkDesign, DARK_MODE_SCHEMES, describeFinding, english } from '@embed/design-checks';
import type { EmailDesign } from '@embed/design-document/model';
import { en } from './en';
import { findingWords } from './findings';
import { createTranslator } from './translate';

const darkTrouble: EmailDesign = {
  schemaVersion: 1,
  mode: 'email',
  settings: { subject: 'Hello', preheader: 'Hi' },
  // A button in its default colours: it stands out in light mode, not once an inbox darkens the page around it.
  body: { rows: [{ columns: [{ blocks: [{ type: 'button', text: 'Default', href: 'https://x.example' }] }] }] },
};

describe('findingWords', () => {
  it('names the inboxes of a dark-mode finding in the locale, and in English as the server does', () => {
    expect(en['checks.inboxes.partial']).toBe(DARK_MODE_SCHEMES.partial.inboxes);
    expect(en['checks.inboxes.full']).toBe(DARK_MODE_SCHEMES.full.inboxes);
    const dark = checkDesign(darkTrouble).filter((finding) => finding.check === 'dark-contrast');
    expect(dark.length).toBeGreaterThan(0);
    for (const finding of dark) {
      expect(findingWords(finding, createTranslator('en'))).toBe(describeFinding(finding, english));
      const french = findingWords(finding, createTranslator('fr'));
      expect(french).toMatch(/^En mode sombre tel que l’affichent (Outlook\.com, Outlook pour iOS et Android, Gmail pour Android|Gmail pour iOS, Outlook pour Windows),/);
    }
  });

  it('names the texts a translation leaves out in the locale’s words', () => {
    const finding = { key: 'checks.untranslated', params: { language: 'fr', textPlaces: 'content, fields[2].options[0], items[1]' }, target: { kind: 'block', path: { row: 0, column: 0, block: 0 } } } as const;
    expect(findingWords({ ...finding, check: 'untranslated', message: '' }, createTranslator('fr'))).toBe(
      'Le bloc (rangée 1, colonne 1, bloc 1) a des textes pas encore traduits en fr, affichés dans la langue par défaut : son texte, le choix 1 du champ 3, l’élément de menu 2.',
    );
  });
});
