import { brandKitProblem, webFontFamily } from './brand-kit';
import { describeRefusal, inputCheck } from './message-check';
import { BrandKitBodySchema } from './http-inputs';

const INTER_URL = 'https://fonts.googleapis.com/css2?family=Inter&display=swap';

describe('a brand kit', () => {
  it('names the family a web font’s stylesheet brings: the stack’s first font, unquoted', () => {
    expect(webFontFamily({ stack: 'Inter, Helvetica, Arial, sans-serif', url: INTER_URL })).toBe('Inter');
    expect(webFontFamily({ stack: "'Open Sans', Arial, sans-serif", url: INTER_URL })).toBe('Open Sans');
  });

  it('is sound with web fonts whose family a design can list, and web-safe stacks of any form', () => {
    expect(brandKitProblem({ colors: ['#000'], fonts: [{ stack: "'Open Sans', Arial", url: INTER_URL }, { stack: "'Times New Roman', serif" }], paletteOnly: true })).toBeNull();
  });

  it('refuses a stylesheet whose family a design’s web fonts cannot hold, and paletteOnly without a palette, naming the field', () => {
    expect(brandKitProblem({ colors: [], fonts: [{ stack: 'Arial' }, { stack: "'Open, Sans', Arial", url: INTER_URL }] })).toEqual({ field: 'fonts.1.stack', message: expect.stringContaining('family') });
    expect(brandKitProblem({ colors: [], paletteOnly: true })).toEqual({ field: 'paletteOnly', message: 'needs at least one colour in colors' });
    expect(brandKitProblem({ colors: [], fontsOnly: true })).toEqual({ field: 'fontsOnly', message: 'needs at least one font in fonts' });
  });

  it('is refused by its schema in the design document’s words', () => {
    const check = inputCheck(BrandKitBodySchema, { readsText: false });
    expect(check({ colors: ['#fff', 'green'] })).toBe(false);
    expect(describeRefusal(check.errors?.[0])).toBe('colors.1 must be a colour like #1a2b3c, #abc, #1a2b3c80 or transparent');
    expect(check({ colors: [], fonts: [{ stack: 'Inter', url: 'http://fonts.example.com/a.css' }] })).toBe(false);
    expect(describeRefusal(check.errors?.[0])).toBe('fonts.0.url must be an https address of a font stylesheet');
  });
});
