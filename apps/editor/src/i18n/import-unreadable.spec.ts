import { sourceUnreadableWords } from './import-unreadable';
import { createTranslator } from './translate';

describe('why a source is unreadable, in the catalogues', () => {
  it('says the reason in French from its code and values, and in English as the API does, after its place', () => {
    const reason = { path: 'mjml', code: 'mjml_too_deep', params: { max: 500 } } as const;
    expect(sourceUnreadableWords(reason, createTranslator('fr').translate)).toBe('mjml: des éléments sont imbriqués sur plus de 500 niveaux');
    expect(sourceUnreadableWords(reason, createTranslator('en').translate)).toBe('mjml: elements are nested deeper than 500 levels');
  });
});
