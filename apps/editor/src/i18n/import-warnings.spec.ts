import { importWarningWords } from './import-warnings';
import { createTranslator } from './translate';

describe('import warnings in the catalogues', () => {
  it('says a warning in French from its code and values, and in English as the API’s message does', () => {
    const warning = { code: 'link_unsafe', params: { scheme: 'javascript', address: 'javascript:alert(1)' } } as const;
    expect(importWarningWords(warning, createTranslator('fr').translate)).toBe(
      'Un lien avait une adresse javascript: (javascript:alert(1)), qui pourrait exécuter du code ; il a été laissé de côté',
    );
    expect(importWarningWords(warning, createTranslator('en').translate)).toBe('A link had a javascript: address (javascript:alert(1)), which could run code; it was left out');
    expect(importWarningWords({ code: 'columns_split', params: { count: 5, max: 4 } }, createTranslator('fr-CA').translate)).toBe(
      '5 colonnes ont été réparties en lignes de 4 au plus : nos lignes contiennent 4 colonnes',
    );
  });
});
