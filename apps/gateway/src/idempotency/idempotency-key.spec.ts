import { idempotencyRecordId, openAnswer, readIdempotencyKey, requestHash, sealAnswer } from './idempotency-key';

describe('the Idempotency-Key header', () => {
  it('takes 1 to 255 printable ASCII characters', () => {
    const everyPrintable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    for (const key of ['k', everyPrintable, 'a'.repeat(255), '5f1c6a2e-0b7e-4a39-9d1f-2d3f4e5a6b7c']) expect(readIdempotencyKey(key)).toEqual({ key });
  });

  it('is optional', () => {
    expect(readIdempotencyKey(undefined)).toEqual({});
  });

  it('refuses an empty, overlong, non-ASCII or repeated key, naming the header', () => {
    for (const bad of ['', 'a'.repeat(256), 'clé', 'tab\there', 'nul\u0000', ['a', 'b']]) {
      expect(readIdempotencyKey(bad)).toEqual({ problem: expect.stringContaining('Idempotency-Key') });
    }
  });
});

describe('what a key was used for', () => {
  it('differs with the method, the path or the body, and not otherwise', () => {
    const base = requestHash('POST', '/embed/v1/render', { doc: { a: 1 } });
    expect(requestHash('POST', '/embed/v1/render', { doc: { a: 1 } })).toBe(base);
    expect(requestHash('POST', '/embed/v1/render', { doc: { a: 2 } })).not.toBe(base);
    expect(requestHash('POST', '/embed/v1/tokens', { doc: { a: 1 } })).not.toBe(base);
    expect(requestHash('PUT', '/embed/v1/render', { doc: { a: 1 } })).not.toBe(base);
    expect(requestHash('POST', '/editor/v1/images', Buffer.from([1, 2]))).not.toBe(requestHash('POST', '/editor/v1/images', Buffer.from([1, 3])));
  });

  it('cannot be confused by moving characters between the parts', () => {
    expect(requestHash('POST', '/a', 'b')).not.toBe(requestHash('POST', '/a"', 'b'));
    expect(idempotencyRecordId(['prj_1', 'test'], 'k')).not.toBe(idempotencyRecordId(['prj_1', 'testk'], ''));
    expect(idempotencyRecordId(['prj_1', 'test'], 'k')).not.toBe(idempotencyRecordId(['prj_1', 'live'], 'k'));
  });
});

describe('a kept answer', () => {
  const id = idempotencyRecordId(['prj_1', 'test'], 'key-1');

  it('opens with the key it was sealed with, whatever it holds', () => {
    const answers = [
      { status: 200, body: { token: 'et_x', expiresAt: '2026-11-23T20:00:00.000Z' } },
      { status: 201, body: { url: 'https://x/é/😀', list: [1, null, true, 'a\u0000b'] } },
      { status: 409, error: { code: 'user_erased', message: 'This person is being erased.', details: {} } },
      { status: 200, body: 'a'.repeat(1_000_000) },
    ];
    for (const answer of answers) expect(openAnswer(sealAnswer(answer, 'key-1', id), 'key-1', id)).toEqual(answer);
  });

  it('does not show what it holds, and does not open with another key or once altered', () => {
    const sealed = sealAnswer({ status: 200, body: { token: 'et_secret_token' } }, 'key-1', id);
    expect(sealed.toString('latin1')).not.toContain('et_secret_token');
    expect(() => openAnswer(sealed, 'key-2', id)).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] ^= 1;
    expect(() => openAnswer(altered, 'key-1', id)).toThrow();
  });
});
