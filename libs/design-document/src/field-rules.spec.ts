import { fieldDefinition, fieldIssue, fieldProblem } from './field-rules';

describe('fieldProblem', () => {
  it('takes what the schema takes', () => {
    expect(fieldProblem('Text colour', 'color', '#1a56db')).toBeNull();
    expect(fieldProblem('Padding', 'padding', '10px 20px')).toBeNull();
    expect(fieldProblem('Link', 'href', '')).toBeNull();
    expect(fieldProblem('Link', 'href', '{{unsubscribe_url}}')).toBeNull();
    expect(fieldProblem('Font size', 'fontSize', '18')).toBeNull();
    expect(fieldProblem('Line height', 'lineHeight', 1.4)).toBeNull();
  });

  it('names the field and says what it needs', () => {
    expect(fieldProblem('Text colour', 'color', 'red')).toBe('Text colour must be a colour such as #1a56db (3, 6 or 8 hex digits) or transparent');
    expect(fieldProblem('Padding', 'padding', '10')).toMatch(/^Padding must be one to four pixel values/);
    expect(fieldProblem('Link', 'href', 'javascript:alert(1)')).toMatch(/^Link must be an address/);
    expect(fieldProblem('Font size', 'fontSize', '200')).toBe('Font size must be from 8 to 96');
    expect(fieldProblem('Font size', 'fontSize', '12.5')).toBe('Font size must be a whole number');
    expect(fieldProblem('Corner radius', 'borderRadius', 'x')).toBe('Corner radius must be a number');
    expect(fieldProblem('Web font', 'fontStylesheetUrl', 'http://fonts.example/a.css')).toMatch(/^Web font must be a stylesheet address starting with https:\/\//);
  });
});

describe('fieldIssue', () => {
  it('gives what is wrong as data, for words in another language', () => {
    expect(fieldIssue('fontSize', '200')).toEqual({ kind: 'range', min: 8, max: 96 });
    expect(fieldIssue('fontSize', '12.5')).toEqual({ kind: 'integer' });
    expect(fieldIssue('borderRadius', 'x')).toEqual({ kind: 'number' });
    expect(fieldIssue('color', 'red')).toEqual({ kind: 'pattern', rule: 'color' });
    expect(fieldIssue('shortText', 'x'.repeat(1000))).toEqual({ kind: 'length', max: expect.any(Number) });
    expect(fieldIssue('color', '#1a56db')).toBeNull();
  });
});

describe('fieldDefinition', () => {
  it("reads a field's bounds, choices, rule and need from the definition", () => {
    expect(fieldDefinition('imageBlock', ['width'])).toMatchObject({ type: 'integer', minimum: 1, maximum: 1200, required: false });
    expect(fieldDefinition('spacerBlock', ['height'])).toMatchObject({ minimum: 1, maximum: 400, required: true });
    expect(fieldDefinition('textBlock', ['style', 'fontSize'])).toMatchObject({ minimum: 8, maximum: 96, rule: 'fontSize', required: false });
    expect(fieldDefinition('headingBlock', ['level'])).toMatchObject({ enum: [1, 2, 3, 4], required: true });
    expect(fieldDefinition('popupSettings', ['trigger', 'type'])).toMatchObject({ enum: ['load', 'delay', 'exitIntent', 'scroll'], required: true });
    expect(fieldDefinition('popupSettings', ['trigger', 'seconds'])).toMatchObject({ minimum: 1, maximum: 600, required: true });
    expect(fieldDefinition('socialBlock', ['links', '*', 'href'])).toMatchObject({ rule: 'url', required: true });
    expect(fieldDefinition('body', ['rows'])).toMatchObject({ maxItems: 200 });
    expect(() => fieldDefinition('imageBlock', ['colour'])).toThrow(/no field colour/);
  });
});
