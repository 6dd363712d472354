import { claimAgain, claimSize, earliestWake, holdLimit, leaseMs, MAX_CLAIM, nextToSend, stillSendable } from './pump-plan';

describe('claimSize', () => {
  it('claims what the replica may still hold, at most MAX_CLAIM and never fewer than none', () => {
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

describe('holdLimit', () => {
  it('holds more than the places, claimed ahead', () => {
    expect(holdLimit(64)).toBeGreaterThan(64);
  });
});

describe('nextToSend', () => {
  const held = [{ projectId: 'a' }, { projectId: 'a' }, { projectId: 'b' }];

  it('takes the first held delivery whose project has a place free', () => {
    expect(nextToSend(held, new Map(), 2)).toBe(0);
    expect(nextToSend(held, new Map([['a', 2]]), 2)).toBe(2);
  });

  it('takes none while every project holding one has its share in flight', () => {
    expect(nextToSend(held, new Map([['a', 2], ['b', 2]]), 2)).toBe(-1);
    expect(nextToSend([], new Map(), 2)).toBe(-1);
  });
});

describe('leaseMs and stillSendable', () => {
  it('a delivery sent within one answer deadline of its claim is answered or given up before its lease ends', () => {
    const timeout = 10_000;
    const claimedAt = 1_000;
    const latestSend = claimedAt + timeout;
    expect(stillSendable(claimedAt, latestSend, timeout)).toBe(true);
    expect(latestSend + timeout).toBeLessThan(claimedAt + leaseMs(timeout));
    expect(stillSendable(claimedAt, latestSend + 1, timeout)).toBe(false);
  });
});
