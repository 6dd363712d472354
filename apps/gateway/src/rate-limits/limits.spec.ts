import { rateLimitHeaders, rateWindowSeconds, secondsUntil } from './limits';

describe('rate limit helpers', () => {
  it('rounds the wait up to whole seconds, never below one', () => {
    expect(secondsUntil(0)).toBe(1);
    expect(secondsUntil(1)).toBe(1);
    expect(secondsUntil(1000)).toBe(1);
    expect(secondsUntil(1001)).toBe(2);
    expect(secondsUntil(59_400)).toBe(60);
  });

  it('states the policy and what remains in the IETF fields', () => {
    expect(rateLimitHeaders('exportDesign', { allowed: true, limit: 120, remaining: 7, resetSeconds: 42, windowSeconds: 60 })).toEqual({
      'RateLimit-Policy': '"exportDesign";q=120;w=60',
      RateLimit: '"exportDesign";r=7;t=42',
    });
    expect(rateLimitHeaders('exportDesign', { allowed: false, limit: 120, remaining: 0, resetSeconds: 9, windowSeconds: 15 })['RateLimit-Policy']).toBe('"exportDesign";q=120;w=15');
  });

  it('counts in the minute, shrunk on a test stack to whole seconds, never below one', () => {
    expect(rateWindowSeconds(1)).toBe(60);
    expect(rateWindowSeconds(0.25)).toBe(15);
    expect(rateWindowSeconds(0.33)).toBe(20);
    expect(rateWindowSeconds(0.001)).toBe(1);
  });
});
