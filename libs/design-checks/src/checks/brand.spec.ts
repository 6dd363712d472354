import { checkDesign } from '../check-design';
import { email, errorsOf, row, text } from '../testing/designs';

const BRAND = ['#1F5F4A', '#fff', '#2b2b2b'];
const offBrand = (document: ReturnType<typeof email>, brandColours?: string[]) => {
  expect(errorsOf(document)).toEqual([]);
  return checkDesign(document, { brandColours }).filter((finding) => finding.check === 'off-brand-colour');
};

describe('off-brand-colour', () => {
  const coloured = email(
    [
      row([text('Hi', { color: '#2B2B2B' })], { backgroundColor: '#ffffff' }, { backgroundColor: '#abcdef' }),
      row([text('Sale', { color: '#e11d48' }), { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'red', color: '#e11d48' }, { text: 'blue', color: '#1d4ed8' }] }] }]),
    ],
    { backgroundColor: '#1f5f4a', linkColor: 'transparent' },
  );

  it('finds each colour outside the palette once, at the first place that uses it, whatever its spelling', () => {
    const findings = offBrand(coloured, BRAND);
    expect(findings.map(({ params, target }) => [params['colour'], target])).toEqual([
      ['#abcdef', { kind: 'row', row: 0 }],
      ['#e11d48', { kind: 'block', path: { row: 1, column: 0, block: 0 } }],
      ['#1d4ed8', { kind: 'block', path: { row: 1, column: 0, block: 1 } }],
    ]);
    expect(findings[0].message).toBe('Colour #abcdef in row 1 is not one of the brand kit’s colours.');
  });

  it('finds nothing without a palette, as for a project without a brand kit', () => {
    expect(offBrand(coloured)).toEqual([]);
    expect(offBrand(coloured, [])).toEqual([]);
  });
});
