import type { Hop } from './context/hops';
import { HandledMessage, InFlightTracker } from './in-flight';
import { metricsRegistry } from './ops/metrics';

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

describe('a handled message', () => {
  const hop = () => {
    const ends: unknown[][] = [];
    return { hop: { context: { requestId: 'req_1' }, run: (work) => work(), end: (...args) => ends.push(args) } as Hop, ends };
  };
  const counted = async (outcome: string) =>
    (await metricsRegistry.getSingleMetric('embed_nats_message_duration_seconds')?.get())?.values.find(
      (value) => (value as { metricName?: string }).metricName?.endsWith('_count') && value.labels['subject'] === 'unit.handled.v1' && value.labels['outcome'] === outcome,
    )?.value ?? 0;

  it('is in flight until finished, then counted once with its outcome, its span ended with it', async () => {
    const tracker = new InFlightTracker();
    const { hop: span, ends } = hop();
    const before = await counted('design_not_found');
    const handled = new HandledMessage('unit.handled.v1', span, tracker);
    expect(tracker.size).toBe(1);
    handled.finish('design_not_found');
    handled.finish('ok');
    expect(tracker.size).toBe(0);
    expect(ends).toEqual([[undefined, 'design_not_found']]);
    expect(await counted('design_not_found')).toBe(before + 1);
    expect(await counted('ok')).toBe(0);
  });

  it('ends its span in error when the handler failed', () => {
    const { hop: span, ends } = hop();
    new HandledMessage('unit.handled.v1', span, new InFlightTracker()).finish('exception');
    expect(ends).toEqual([[new Error('the handler of unit.handled.v1 failed'), 'exception']]);
  });
});
