import { familyKey, fontFaceRules } from './font-faces';

const face = (family: string) => ({ fontFamily: family, cssText: `@font-face { font-family: ${family}; src: url(https://fonts.example/a.woff2); }` });

describe('the font faces the canvas takes from a design’s stylesheet', () => {
  it('compares family names without quotes and case', () => {
    expect(['"Open Sans"', "'Open Sans'", ' open sans ', 'OPEN SANS'].map(familyKey)).toEqual(Array(4).fill('open sans'));
  });

  it('keeps the font faces of the declared families and drops every other rule', () => {
    const rules = [
      face('"Lato"'),
      face('Roboto'),
      { fontFamily: null, cssText: 'button { display: none !important }' },
      { fontFamily: null, cssText: '@media screen { .toolbar { visibility: hidden } }' },
      { fontFamily: null, cssText: ':root { --x: 1 }' },
    ];
    expect(fontFaceRules(rules, ['Lato'])).toEqual([rules[0].cssText]);
  });
});
