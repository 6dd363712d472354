import { rateLimitHeaders, secondsUntil } from './limits';

describe('rate limit helpers', () => {
  it('rounds the wait up to whole seconds, never below one', () => {
    expect(secondsUntil(0)).toBe(1);
    expect(secondsUntil(1)).toBe(1);
    expect(secondsUntil(1000)).toBe(1);
    expect(secondsUntil(1001)).toBe(2);
    expect(secondsUntil(59_400)).toBe(60);
  });

  it('states the policy and what remains in the IETF fields', () => {
    expect(rateLimitHeaders('exportDesign', { allowed: true, limit: 120, remaining: 7, resetSeconds: 42 })).toEqual({
      'RateLimit-Policy': '"exportDesign";q=120;w=60',
      RateLimit: '"exportDesign";r=7;t=42',
    });
  });
});
