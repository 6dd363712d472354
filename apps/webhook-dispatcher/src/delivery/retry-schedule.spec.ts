import { JITTER_FRACTION, MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from './retry-schedule';

describe('retryDelayMs', () => {
  it('gives a wait after each of the first seven failures and none after the eighth', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    for (let made = 1; made < MAX_ATTEMPTS; made++) expect(retryDelayMs(made, 'dlv_x')).not.toBeNull();
    expect(retryDelayMs(MAX_ATTEMPTS, 'dlv_x')).toBeNull();
    expect(retryDelayMs(0, 'dlv_x')).toBeNull();
  });

  it('stays within the jitter around the schedule, which grows to hours', () => {
    for (let made = 1; made < MAX_ATTEMPTS; made++) {
      const base = RETRY_DELAYS_MS[made - 1];
      for (const seed of ['a', 'b', 'dlv_01hz', 'dlv_01j0']) {
        const delay = retryDelayMs(made, seed) as number;
        expect(delay).toBeGreaterThanOrEqual(base * (1 - JITTER_FRACTION));
        expect(delay).toBeLessThanOrEqual(base * (1 + JITTER_FRACTION));
      }
    }
    expect(RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThan(10 * 3600_000);
  });

  it('is the same for the same delivery and attempt, and spread across deliveries', () => {
    expect(retryDelayMs(3, 'dlv_same')).toBe(retryDelayMs(3, 'dlv_same'));
    const spread = new Set(Array.from({ length: 50 }, (_, i) => retryDelayMs(1, `dlv_${i}`)));
    expect(spread.size).toBeGreaterThan(40);
  });

  it('scales for tests', () => {
    expect(retryDelayMs(1, 'dlv_x', 0.001)).toBe(Math.round(((retryDelayMs(1, 'dlv_x') as number) / 1000)));
  });
});
