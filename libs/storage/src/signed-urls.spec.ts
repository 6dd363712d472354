import { checkSignedFile, signedFilePath } from './signed-urls';

const secret = 'test-secret';
const file = { key: 'exports/prj_1/test/psn_1/exp_1.pdf', filename: 'Spring sale.pdf', expires: 2_000_000_000 };
const queryOf = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

describe('signed file links', () => {
  const path = signedFilePath(secret, file);

  it('signs the key, name and expiry, and accepts its own link until it expires', () => {
    expect(path.startsWith('/files/v1/exports/prj_1/test/psn_1/exp_1.pdf?expires=2000000000&name=Spring+sale.pdf&sig=')).toBe(true);
    expect(checkSignedFile(secret, file.key, queryOf(path), 1_999_999_999)).toEqual({ ok: true, file });
    expect(checkSignedFile(secret, file.key, queryOf(path), 2_000_000_001)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a link whose key, name, expiry or signature was altered, or signed with another secret', () => {
    const query = queryOf(path);
    expect(checkSignedFile(secret, 'exports/prj_1/test/psn_2/exp_1.pdf', query, 0).ok).toBe(false);
    expect(checkSignedFile(secret, file.key, { ...query, name: 'x.pdf' }, 0).ok).toBe(false);
    expect(checkSignedFile(secret, file.key, { ...query, expires: '2000000001' }, 0).ok).toBe(false);
    expect(checkSignedFile(secret, file.key, { ...query, sig: `${query.sig.slice(0, -1)}A` }, 0).ok).toBe(false);
    expect(checkSignedFile('other', file.key, query, 0).ok).toBe(false);
    expect(checkSignedFile(secret, file.key, { name: 'x' }, 0)).toEqual({ ok: false, reason: 'invalid' });
  });
});
