/** A `design.saved` event bound for one webhook, as the relay read it from the outbox. */
export interface SavedEvent {
  webhookId: string;
  designId: string;
  revision: number;
}

/** The newest `design.saved` delivery already made for the same webhook and design. */
export interface LatestSavedDelivery {
  id: string;
  revision: number;
  /** Still waiting and never sent: its body may still change, since no receiver has seen it. */
  mergeable: boolean;
}

export type SavedPlan<E> =
  | { action: 'insert'; event: E }
  | { action: 'merge'; event: E; deliveryId: string }
  | { action: 'skip'; event: E };

const keyOf = (event: SavedEvent) => `${event.webhookId}/${event.designId}`;

/**
 * Coalescing of `design.saved` (spec §3 and §6): per webhook and design only the newest
 * revision is delivered. It replaces the body of a delivery that is still waiting and
 * was never sent (same id, newer revision); otherwise it becomes a new delivery after
 * the last one. An event no newer than what is already delivered or waiting is
 * dropped, so the revisions a receiver sees for a design never go down.
 */
export function planSavedDeliveries<E extends SavedEvent>(events: readonly E[], latest: ReadonlyMap<string, LatestSavedDelivery>): SavedPlan<E>[] {
  const newest = new Map<string, E>();
  for (const event of events) {
    const seen = newest.get(keyOf(event));
    if (!seen || event.revision > seen.revision) newest.set(keyOf(event), event);
  }
  return [...newest.entries()].map(([key, event]): SavedPlan<E> => {
    const existing = latest.get(key);
    if (!existing) return { action: 'insert', event };
    if (existing.revision >= event.revision) return { action: 'skip', event };
    return existing.mergeable ? { action: 'merge', event, deliveryId: existing.id } : { action: 'insert', event };
  });
}

export const savedEventKey = keyOf;
