import { SOURCE_UNREADABLE_CODES, SOURCE_UNREADABLE_REASONS } from '@embed/contracts/import-unreadable';
import { placeholders } from '@embed/design-checks';
import { sourceUnreadableWords } from './import-unreadable';
import { CATALOGUES, createTranslator, LOCALES } from './translate';

describe('why a source is unreadable, in the catalogues', () => {
  it.each(LOCALES)('%s has words for every reason, with the reason’s placeholders', (locale) => {
    const catalogue = CATALOGUES[locale] as Record<string, string>;
    for (const code of SOURCE_UNREADABLE_CODES) {
      const words = catalogue[`import.unreadableReason.${code}`];
      expect([code, typeof words === 'string' && words.trim().length > 0]).toEqual([code, true]);
      expect([code, placeholders(words).sort()]).toEqual([code, placeholders(SOURCE_UNREADABLE_REASONS[code]).sort()]);
    }
  });

  it('says the reason in French from its code and values, and in English as the API does, after its place', () => {
    const reason = { path: 'mjml', code: 'mjml_too_deep', params: { max: 500 } } as const;
    expect(sourceUnreadableWords(reason, createTranslator('fr').translate)).toBe('mjml: des éléments sont imbriqués sur plus de 500 niveaux');
    expect(sourceUnreadableWords(reason, createTranslator('en').translate)).toBe('mjml: elements are nested deeper than 500 levels');
  });
});
