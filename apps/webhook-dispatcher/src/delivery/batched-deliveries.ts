import type { ClaimedDelivery, DeliveriesRepository, RecordedAttempt } from '@embed/data-access';
import { MicroBatch } from './micro-batch';

/** What one attempt needs of the database: take the delivery, keep the attempt. */
export interface DeliveryStore {
  /** The delivery taken for one attempt; null when it is no longer pending, not due, or waits behind an older one of its design. */
  claim(deliveryId: string): Promise<ClaimedDelivery | null>;
  recordAttempt(attempt: RecordedAttempt): Promise<void>;
}

/** Batches are capped so that one statement stays short; two may run at once, so that one being written does not hold up the next. */
const LIMITS = { maxSize: 64, maxRunning: 2 };

/**
 * Claims and records of attempts running at the same moment go to the database
 * together, one statement for many (see MicroBatch), each row judged as it would be
 * alone: a claim left out of the answer is a delivery that was not taken.
 */
export function batchedDeliveries(deliveries: DeliveriesRepository): DeliveryStore {
  const claims = new MicroBatch(async (ids: string[]) => {
    const claimed = new Map((await deliveries.claim(ids)).map((delivery) => [delivery.id, delivery]));
    return ids.map((id) => claimed.get(id) ?? null);
  }, LIMITS);
  const records = new MicroBatch(async (attempts: RecordedAttempt[]) => {
    await deliveries.recordAttempts(attempts);
    return attempts.map(() => undefined);
  }, LIMITS);
  return { claim: (id) => claims.call(id), recordAttempt: (attempt) => records.call(attempt) };
}
