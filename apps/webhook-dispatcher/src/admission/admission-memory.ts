import type { DueDelivery } from '@embed/data-access';

/** What the admission loop remembers between runs: the deliveries its last run found due, and when it last queued all of them. */
export interface AdmissionMemory {
  queued: ReadonlySet<string>;
  sweptAt: number;
}

export const NOTHING_QUEUED: AdmissionMemory = { queued: new Set(), sweptAt: Number.NEGATIVE_INFINITY };

/**
 * Which of the due deliveries a run hands to the queue. Queueing a delivery whose job
 * exists is a no-op, but it still costs Redis a script, and the loop runs after every
 * finished attempt: so a run queues only what its previous run did not find due, and
 * at least every `sweepMs` it queues everything due again, which brings back any job
 * Redis lost (a crash between two appends to its log) or the queue dropped.
 */
export function admissionStep(due: readonly DueDelivery[], memory: AdmissionMemory, now: number, sweepMs: number): { toQueue: DueDelivery[]; memory: AdmissionMemory } {
  const sweep = now - memory.sweptAt >= sweepMs;
  return {
    toQueue: sweep ? [...due] : due.filter((delivery) => !memory.queued.has(delivery.id)),
    memory: { queued: new Set(due.map((delivery) => delivery.id)), sweptAt: sweep ? now : memory.sweptAt },
  };
}
