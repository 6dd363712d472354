import { FIRST_RELAY_BATCH, nextRelayBatch, RELAY_BATCH } from './relay-batch';

describe('nextRelayBatch', () => {
  it('starts small after the outbox was emptied, and grows to RELAY_BATCH while batches come full', () => {
    const sizes = [FIRST_RELAY_BATCH];
    while (sizes.length < 5) sizes.push(nextRelayBatch(sizes.at(-1)!, sizes.at(-1)!));
    expect(sizes).toEqual([64, 256, 500, 500, 500]);
  });

  it('starts small again once a batch finds fewer events than it asked for', () => {
    expect(nextRelayBatch(RELAY_BATCH, 499)).toBe(FIRST_RELAY_BATCH);
    expect(nextRelayBatch(FIRST_RELAY_BATCH, 0)).toBe(FIRST_RELAY_BATCH);
  });
});
