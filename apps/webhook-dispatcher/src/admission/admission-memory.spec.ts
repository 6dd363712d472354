import type { DueDelivery } from '@embed/data-access';
import { admissionStep, NOTHING_QUEUED } from './admission-memory';

const due = (...ids: string[]): DueDelivery[] => ids.map((id) => ({ id, attemptCount: 0, requestId: null, traceparent: null }));
const ids = (deliveries: DueDelivery[]) => deliveries.map((delivery) => delivery.id);
const SWEEP_MS = 5_000;

describe('admissionStep', () => {
  it('queues everything due on the first run', () => {
    expect(ids(admissionStep(due('a', 'b'), NOTHING_QUEUED, 0, SWEEP_MS).toQueue)).toEqual(['a', 'b']);
  });

  it('queues only what the previous run did not find due, until the sweep is due', () => {
    const first = admissionStep(due('a', 'b'), NOTHING_QUEUED, 0, SWEEP_MS);
    const second = admissionStep(due('b', 'c'), first.memory, 100, SWEEP_MS);
    expect(ids(second.toQueue)).toEqual(['c']);
    const third = admissionStep(due('b', 'c', 'd'), second.memory, SWEEP_MS - 1, SWEEP_MS);
    expect(ids(third.toQueue)).toEqual(['d']);
  });

  it('queues everything due again once a sweep is due, so that a job Redis lost comes back', () => {
    const first = admissionStep(due('a', 'b'), NOTHING_QUEUED, 0, SWEEP_MS);
    const swept = admissionStep(due('a', 'b'), first.memory, SWEEP_MS, SWEEP_MS);
    expect(ids(swept.toQueue)).toEqual(['a', 'b']);
    expect(ids(admissionStep(due('a', 'b'), swept.memory, SWEEP_MS + 1, SWEEP_MS).toQueue)).toEqual([]);
  });

  it('queues again a delivery that left the due list and came back (a retry falling due, a redelivery)', () => {
    const first = admissionStep(due('a'), NOTHING_QUEUED, 0, SWEEP_MS);
    const gone = admissionStep(due(), first.memory, 10, SWEEP_MS);
    expect(ids(admissionStep(due('a'), gone.memory, 20, SWEEP_MS).toQueue)).toEqual(['a']);
  });
});
