import { claimAgain, claimSize, earliestWake, leaseMs, MAX_CLAIM } from './pump-plan';

describe('claimSize', () => {
  it('claims the free slots, at most MAX_CLAIM and never fewer than none', () => {
    expect(claimSize(0, 16)).toBe(16);
    expect(claimSize(10, 16)).toBe(6);
    expect(claimSize(16, 16)).toBe(0);
    expect(claimSize(20, 16)).toBe(0);
    expect(claimSize(0, 1_000)).toBe(MAX_CLAIM);
  });
});

describe('claimAgain', () => {
  it('claims again after a full claim only', () => {
    expect(claimAgain(16, 16)).toBe(true);
    expect(claimAgain(3, 16)).toBe(false);
    expect(claimAgain(0, 0)).toBe(false);
  });
});

describe('earliestWake', () => {
  it('keeps the earlier of the wake it has and the retry', () => {
    expect(earliestWake(null, 500, 100)).toBe(500);
    expect(earliestWake(300, 500, 100)).toBe(300);
    expect(earliestWake(700, 500, 100)).toBe(500);
  });

  it('replaces a wake already past', () => {
    expect(earliestWake(50, 500, 100)).toBe(500);
  });
});

describe('leaseMs', () => {
  it('outlasts the answer deadline', () => {
    expect(leaseMs(10_000)).toBeGreaterThan(10_000);
  });
});
