/** Outbox events the relay takes in one transaction at most: a burst is relayed in batches back to back. */
export const RELAY_BATCH = 500;

/**
 * The first batch after the outbox was found empty: small, so that the pump has
 * deliveries to claim within a few milliseconds of a burst's commit instead of after a
 * whole batch's statement (20 to 50 ms for 500 on a loaded machine, while the pump
 * waited), and the batches that follow grow to RELAY_BATCH as the pump sends.
 */
export const FIRST_RELAY_BATCH = 64;

/** How many events the relay takes next, after a batch of `size` that took `taken` (fewer: the outbox was emptied). */
export const nextRelayBatch = (size: number, taken: number): number => (taken < size ? FIRST_RELAY_BATCH : Math.min(size * 4, RELAY_BATCH));
