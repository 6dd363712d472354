import { checkMintToken, checkVerifyToken } from './token-payloads';

describe('token payloads', () => {
  it('takes any token and Origin as the headers carried them, or no Origin', () => {
    expect(checkVerifyToken({ token: 'x'.repeat(5000), origin: 'null' }).ok).toBe(true);
    expect(checkVerifyToken({ token: 'et_x', origin: null }).ok).toBe(true);
    expect(checkVerifyToken({ token: 'et_x' }).ok).toBe(false);
  });

  it('holds the ttl to 60..900 seconds', () => {
    const mint = { scope: { projectId: 'prj_1', environment: 'test' }, userId: 'u', origin: 'https://app.example.com' };
    expect([59, 60, 900, 901].map((ttlSeconds) => checkMintToken({ ...mint, ttlSeconds }).ok)).toEqual([false, true, true, false]);
  });
});
