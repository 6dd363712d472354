import { RENEW_BEFORE_MS, TokenKeeper, UNSTATED_LIFETIME_MS } from './tokens';

const MINUTE = 60_000;

describe('TokenKeeper', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  /** A getToken that answers tokens t1, t2, … each living `lifetimeMs`, and counts its calls. */
  function source(lifetimeMs = 15 * MINUTE) {
    let calls = 0;
    const getToken = jest.fn(async () => ({ token: `t${++calls}`, expiresAt: new Date(Date.now() + lifetimeMs).toISOString() }));
    return getToken;
  }

  it('asks once for a token and keeps it in memory for the calls that follow', async () => {
    const getToken = source();
    const keeper = new TokenKeeper(getToken);
    const [a, b] = await Promise.all([keeper.get(), keeper.get()]);
    expect([a, b, await keeper.get()]).toEqual(['t1', 't1', 't1']);
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('renews by itself before the token expires, with no call waiting', async () => {
    const getToken = source(MINUTE);
    const keeper = new TokenKeeper(getToken);
    await keeper.get();
    await jest.advanceTimersByTimeAsync(MINUTE - RENEW_BEFORE_MS - 1);
    expect(getToken).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(await keeper.get()).toBe('t2');
    keeper.forget();
  });

  it('renews a token whose expiry it was not told within the shortest lifetime', async () => {
    const getToken = jest.fn(async () => 'plain');
    const keeper = new TokenKeeper(getToken);
    await keeper.get();
    await jest.advanceTimersByTimeAsync(UNSTATED_LIFETIME_MS);
    expect(getToken).toHaveBeenCalledTimes(2);
    keeper.forget();
  });

  it('asks again when forced (after a 401), and only once for calls forced together', async () => {
    const getToken = source();
    const keeper = new TokenKeeper(getToken);
    await keeper.get();
    const renewed = await Promise.all([keeper.get(true), keeper.get(true)]);
    expect(renewed).toEqual(['t2', 't2']);
    expect(getToken).toHaveBeenCalledTimes(2);
    keeper.forget();
  });

  it('refuses an answer without a token, and stops renewing once forgotten', async () => {
    await expect(new TokenKeeper(async () => ({ token: '' })).get()).rejects.toThrow('no token');
    const getToken = source(MINUTE);
    const keeper = new TokenKeeper(getToken);
    await keeper.get();
    keeper.forget();
    await jest.advanceTimersByTimeAsync(10 * MINUTE);
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('stops renewing when forgotten while a getToken is on its way, and renews no more after', async () => {
    let answer!: (token: { token: string; expiresAt: string }) => void;
    const getToken = jest.fn(() => new Promise<{ token: string; expiresAt: string }>((resolve) => (answer = resolve)));
    const keeper = new TokenKeeper(getToken);
    const asked = keeper.get();
    keeper.forget(); // destroy() while the page's server is minting
    answer({ token: 't1', expiresAt: new Date(Date.now() + MINUTE).toISOString() });
    expect(await asked).toBe('t1');
    await jest.advanceTimersByTimeAsync(10 * MINUTE);
    expect(getToken).toHaveBeenCalledTimes(1);
  });
});
