import { IMPORT_WARNING_MESSAGES } from '@embed/contracts/import-warnings';
import { SOURCE_UNREADABLE_REASONS } from '@embed/contracts/import-unreadable';
import { placeholders } from '@embed/design-checks';
import { CATALOGUES, LOCALES } from './translate';

describe.each([
  ['import.warning.', IMPORT_WARNING_MESSAGES],
  ['import.unreadableReason.', SOURCE_UNREADABLE_REASONS],
] as const)('words by code under %s', (prefix, english: Record<string, string>) => {
  it.each(LOCALES)('%s has words for every code, with the English words’ placeholders', (locale) => {
    const catalogue = CATALOGUES[locale] as Record<string, string>;
    for (const [code, words] of Object.entries(english)) {
      const translated = catalogue[`${prefix}${code}`];
      expect([code, typeof translated === 'string' && translated.trim().length > 0]).toEqual([code, true]);
      expect([code, placeholders(translated).sort()]).toEqual([code, placeholders(words).sort()]);
    }
  });
});
