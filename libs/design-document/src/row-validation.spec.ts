import { validateRow } from './row-validation';

const row = { id: 'r1', columns: [{ blocks: [{ type: 'button', text: 'Shop', href: 'https://example.com', translations: { fr: { text: 'Acheter' } } }] }] };

describe('validateRow', () => {
  it('takes a row a design of the mode can hold, translations included', () => {
    expect(validateRow(row, 'email')).toEqual({ valid: true, row });
    expect(validateRow(row, 'document').valid).toBe(true);
  });

  it('names the fault from $.row', () => {
    expect(validateRow({ columns: [] }, 'email')).toEqual({ valid: false, errors: [expect.stringMatching(/^\$\.row\.columns /)] });
    const form = { columns: [{ blocks: [{ type: 'form', fields: [{ name: 'a', label: 'A', kind: 'text' }], submitText: 'Go' }] }] };
    expect(validateRow(form, 'email')).toEqual({ valid: false, errors: ['$.row.columns[0].blocks[0] is a form, which email designs cannot carry'] });
    expect(validateRow([], 'page')).toEqual({ valid: false, errors: ['$.row must be an object'] });
  });
});
