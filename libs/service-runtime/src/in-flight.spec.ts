import { InFlightTracker } from './in-flight';

describe('InFlightTracker', () => {
  it('is idle at once when nothing is in flight', async () => {
    await expect(new InFlightTracker().idle(10)).resolves.toBe(true);
  });

  it('waits until the last message leaves', async () => {
    const tracker = new InFlightTracker();
    tracker.enter();
    tracker.enter();
    let settled: boolean | undefined;
    const idle = tracker.idle(1_000).then((value) => (settled = value));
    tracker.leave();
    await Promise.resolve();
    expect(settled).toBeUndefined();
    tracker.leave();
    await idle;
    expect(settled).toBe(true);
  });

  it('gives up after the grace period and says so', async () => {
    const tracker = new InFlightTracker();
    tracker.enter();
    await expect(tracker.idle(20)).resolves.toBe(false);
    expect(tracker.size).toBe(1);
  });
});
