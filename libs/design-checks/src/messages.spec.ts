import fc from 'fast-check';
import { checkDesign } from './check-design';
import { CHECK_IDS } from './findings';
import { DESIGN_CHECK_MESSAGES, describeFinding, fillTemplate, placeholders } from './messages';
import { email, row } from './testing/designs';

describe('messages', () => {
  const templates = Object.entries(DESIGN_CHECK_MESSAGES);

  it('has words for every check id, and never a literal brace a merge tag could be taken for', () => {
    for (const id of CHECK_IDS) expect(templates.some(([key]) => key === `checks.${id}` || key.startsWith(`checks.${id}.`))).toBe(true);
    for (const [, template] of templates) expect(template.replace(/\{\w+\}/g, '')).not.toMatch(/[{}]/);
  });

  it('fills placeholders in one pass, so a value with braces stays as it is', () => {
    expect(fillTemplate('{tag} in {place}', { tag: '{{place}}', place: 'row 1' })).toBe('{{place}} in row 1');
    expect(fillTemplate('{ratio}:1', { ratio: 4.49 }, (value) => value.toLocaleString('fr'))).toBe('4,49:1');
    expect(placeholders('Link "{text}" in {place}')).toEqual(['text', 'place']);
  });

  it('fills any template as replacing each placeholder by its value would, one left without a value as written', () => {
    const replaced = (template: string, params: Record<string, string | number>) =>
      template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : typeof params[name] === 'number' ? `${params[name]} n` : `${params[name]}`));
    const piece = fc.constantFrom('{a}', '{b}', '{n}', '{}', '{{a}}', '{a b}', '{é}', '{', '}', 'a', ' ', '$&', '$1', '\n');
    const value = fc.oneof(fc.array(piece, { maxLength: 3 }).map((pieces) => pieces.join('')), fc.double({ noNaN: true }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.record({ a: value, b: value, n: fc.integer() }, { requiredKeys: [] }), (pieces, params) => {
        const template = pieces.join('');
        expect(fillTemplate(template, params, (number) => `${number} n`)).toBe(replaced(template, params));
      }),
    );
  });

  it('writes a finding in any catalogue\'s words, place included', () => {
    const [finding] = checkDesign(email([row([{ type: 'image', src: 'https://x.example/a.png' }])]));
    const catalogue: Record<string, string> = { 'checks.image-alt': 'Image sans texte ({place})', 'checks.place.block': 'rangée {row}, colonne {column}, bloc {block}' };
    expect(describeFinding(finding, (key, params) => fillTemplate(catalogue[key], params))).toBe('Image sans texte (rangée 1, colonne 1, bloc 1)');
  });
});
