import fc from 'fast-check';
import { utf8Length } from './rules';

describe('utf8Length', () => {
  it('counts the bytes Buffer.byteLength counts, for any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => expect(utf8Length(text)).toBe(Buffer.byteLength(text))));
    fc.assert(fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }), (text) => expect(utf8Length(text)).toBe(Buffer.byteLength(text))));
  });
});
