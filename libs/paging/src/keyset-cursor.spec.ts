import { CursorError, KeysetCursorCodec } from './keyset-cursor';

describe('KeysetCursorCodec', () => {
  const codec = new KeysetCursorCodec('test-secret');
  const position = { createdAt: new Date('2025-03-04T05:06:07.089Z'), id: '01HZX3N4Q8M2V7T5R9K6J1D0EA' };

  it('gives back the position it encoded, for the same list', () => {
    expect(codec.decode(codec.encode(position, 'list-a'), 'list-a')).toEqual(position);
  });

  it('is opaque: URL-safe characters only', () => {
    expect(codec.encode(position, 'list-a')).toMatch(/^[A-Za-z0-9_.-]+$/);
  });

  it('refuses a cursor made for another list', () => {
    expect(() => codec.decode(codec.encode(position, 'list-a'), 'list-b')).toThrow(CursorError);
  });

  it('refuses a cursor whose position was altered', () => {
    const [, signature] = codec.encode(position, 'list-a').split('.');
    const forged = Buffer.from(JSON.stringify([1, 0, position.id])).toString('base64url');
    expect(() => codec.decode(`${forged}.${signature}`, 'list-a')).toThrow('cursor was altered');
  });

  it('refuses a cursor with any one character changed', () => {
    const cursor = codec.encode(position, 'list-a');
    for (let i = 0; i < cursor.length; i++) {
      if (cursor[i] === '.') continue;
      const altered = `${cursor.slice(0, i)}${cursor[i] === 'A' ? 'B' : 'A'}${cursor.slice(i + 1)}`;
      expect(() => codec.decode(altered, 'list-a')).toThrow(CursorError);
    }
  });

  it('refuses a cursor signed with another secret', () => {
    const foreign = new KeysetCursorCodec('other-secret').encode(position, 'list-a');
    expect(() => codec.decode(foreign, 'list-a')).toThrow(CursorError);
  });

  it.each(['', 'abc', 'a.b', 'a'.repeat(500)])('refuses %p, which is not a cursor', (text) => {
    expect(() => codec.decode(text, 'list-a')).toThrow('cursor is not a cursor this service made');
  });

  it('gives back the revision it encoded, for the same list, and never reads one kind of position as the other', () => {
    const cursor = codec.encodeRevision(41, 'list-a');
    expect(codec.decodeRevision(cursor, 'list-a')).toBe(41);
    expect(() => codec.decodeRevision(cursor, 'list-b')).toThrow(CursorError);
    expect(() => codec.decode(cursor, 'list-a')).toThrow('cursor has an unknown format');
    expect(() => codec.decodeRevision(codec.encode(position, 'list-a'), 'list-a')).toThrow('cursor has an unknown format');
  });
});
