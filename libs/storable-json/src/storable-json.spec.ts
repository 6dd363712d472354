import fc from 'fast-check';
import { findJsonFault, formatJsonPath, MAX_JSON_DEPTH, unstorableText } from './storable-json';

const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: [nested(depth - 1)] });
const levels = (value: unknown): number => (value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(levels)) : 0);

describe('unstorableText', () => {
  it('refuses NUL and lone surrogates, and takes every other text', () => {
    expect(unstorableText('a\u0000b')).toMatch(/NUL character/);
    expect(unstorableText(JSON.parse('"\\ud800"'))).toMatch(/unpaired UTF-16 surrogate/);
    expect(unstorableText('x\udc00')).toMatch(/unpaired/);
    expect(unstorableText('emoji 😀, accents é, RTL ש, zero-width \u200b, 0x7f \u007f')).toBeNull();
  });

  it('takes exactly the strings that survive a round trip through UTF-8 and have no NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const survives = Buffer.from(text, 'utf8').toString('utf8') === text && !text.includes('\u0000');
        expect(unstorableText(text) === null).toBe(survives);
      }),
    );
  });
});

describe('findJsonFault', () => {
  it('names the path of a bad string, a bad field name and a too deep value', () => {
    expect(findJsonFault({ user: { id: 'a\u0000' } })).toEqual({ path: ['user', 'id'], problem: expect.stringMatching(/NUL/) });
    expect(findJsonFault({ list: ['ok', '\ud800'] })).toEqual({ path: ['list', 1], problem: expect.stringMatching(/surrogate/) });
    expect(findJsonFault({ merge: { contact: { 'x\u0000': 'v' } } })).toEqual({ path: ['merge', 'contact', 'x\u0000'], problem: expect.stringMatching(/^is a field whose name contains a NUL/) });
    expect(findJsonFault(nested(MAX_JSON_DEPTH))?.problem).toBe(`is nested more than ${MAX_JSON_DEPTH} levels deep`);
  });

  it('takes values up to the depth limit and refuses any deeper, without overflowing the stack', () => {
    const atLimit = JSON.parse(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`);
    expect(findJsonFault(atLimit)).toBeNull();
    expect(findJsonFault([atLimit])).not.toBeNull();
    const hostile = JSON.parse(`${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}`);
    expect(findJsonFault(hostile)?.path).toHaveLength(MAX_JSON_DEPTH);
  });

  it('refuses a value exactly when it is too deep or holds text that cannot be stored', () => {
    fc.assert(
      fc.property(fc.jsonValue({ depthSize: 'medium', maxDepth: MAX_JSON_DEPTH + 4 }), fc.string({ unit: 'binary', maxLength: 4 }), (value, extra) => {
        const input = { value, extra };
        const texts: string[] = [];
        JSON.stringify(input, (key, item) => {
          texts.push(key);
          if (typeof item === 'string') texts.push(item);
          return item;
        });
        const expected = levels(input) > MAX_JSON_DEPTH || texts.some((text) => unstorableText(text) !== null);
        expect(findJsonFault(input) !== null).toBe(expected);
      }),
    );
  });
});

describe('formatJsonPath', () => {
  it('writes paths as the messages name fields, quoting odd names', () => {
    expect(formatJsonPath('', ['user', 'id'])).toBe('user.id');
    expect(formatJsonPath('$', ['body', 'rows', 0, 'columns'])).toBe('$.body.rows[0].columns');
    expect(formatJsonPath('merge', ['contact', 'first name'])).toBe('merge.contact["first name"]');
    expect(formatJsonPath('', ['x\u0000'])).toBe('["x\\u0000"]');
    expect(formatJsonPath('', ['\ud800']).isWellFormed()).toBe(true);
  });
});

describe('unstorableText', () => {
  it('finds an unpaired surrogate exactly where String.prototype.isWellFormed does', () => {
    const units = fc.string({ unit: fc.constantFrom('a', '\ud83d', '\ude00', '\udbff', '\udc00', 'é') });
    fc.assert(fc.property(units, (text) => expect(unstorableText(text) !== null).toBe(!text.isWellFormed())));
  });
});
