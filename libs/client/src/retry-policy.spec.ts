import { backoffDelayMs, DEFAULT_RETRY_POLICY, type Failure, parseRetryAfter, retryDelayMs } from './retry-policy';

const policy = { retries: 3, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryWaitMs: 60_000 };
const answer = (status: number, retryAfterMs: number | null = null): Failure => ({ kind: 'answer', status, retryAfterMs });
const lost: Failure = { kind: 'no-answer', refused: false };
const refused: Failure = { kind: 'no-answer', refused: true };
const low = () => 0;
const high = () => 0.999999;

describe('parseRetryAfter', () => {
  it('reads delay-seconds, as the service sends them', () => {
    expect(parseRetryAfter('7')).toBe(7_000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
  });

  it('reads an HTTP date, as a proxy may send it, never below zero', () => {
    const now = Date.parse('2026-11-22T08:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 08:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 07:59:00 GMT', now)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    for (const value of [null, undefined, '', '-1', '1.5', 'soon']) expect(parseRetryAfter(value)).toBeNull();
  });
});

describe('backoffDelayMs', () => {
  it('doubles from the base, between half and all of each step, up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelayMs(n, policy, high))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelayMs(n, policy, low))).toEqual([250, 500, 1_000, 2_000, 4_000, 4_000]);
  });

  it('spreads clients that failed together', () => {
    expect(new Set(Array.from({ length: 50 }, () => backoffDelayMs(2, policy))).size).toBeGreaterThan(25);
  });
});

describe('retryDelayMs', () => {
  it('waits the Retry-After of a 429 or 503, for any call', () => {
    expect(retryDelayMs(answer(429, 3_000), 0, false, policy)).toBe(3_000);
    expect(retryDelayMs(answer(503, 1_000), 2, false, policy)).toBe(1_000);
  });

  it('backs off on a 429 or 503 without Retry-After, for any call', () => {
    expect(retryDelayMs(answer(503), 0, false, policy, high)).toBe(500);
    expect(retryDelayMs(answer(503), 2, false, policy, high)).toBe(2_000);
    expect(retryDelayMs(answer(429), 1, false, policy, low)).toBe(500);
  });

  it('gives up when the service asks to wait longer than the client will', () => {
    expect(retryDelayMs(answer(429, 60_000), 0, true, policy)).toBe(60_000);
    expect(retryDelayMs(answer(429, 61_000), 0, true, policy)).toBeNull();
  });

  it('repeats a lost answer (reset, timeout, 502, 504) only for a call that is safe to repeat', () => {
    for (const failure of [lost, answer(502), answer(504)]) {
      expect(retryDelayMs(failure, 0, true, policy, high)).toBe(500);
      expect(retryDelayMs(failure, 0, false, policy, high)).toBeNull();
    }
  });

  it('repeats a refused connection for any call: the request never reached the service', () => {
    expect(retryDelayMs(refused, 1, false, policy, high)).toBe(1_000);
  });

  it('never repeats other errors', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 500]) expect(retryDelayMs(answer(status), 0, true, policy)).toBeNull();
  });

  it('stops after the number of retries allowed', () => {
    expect(retryDelayMs(answer(503), 2, true, policy)).not.toBeNull();
    expect(retryDelayMs(answer(503), 3, true, policy)).toBeNull();
    expect(retryDelayMs(answer(429, 1_000), 0, true, { ...policy, retries: 0 })).toBeNull();
  });

  it('defaults to 3 retries, and waits out a whole rate-limit window', () => {
    expect(DEFAULT_RETRY_POLICY.retries).toBe(3);
    expect(DEFAULT_RETRY_POLICY.maxRetryWaitMs).toBe(60_000);
  });
});
