import type { RelayPlanner } from '@embed/data-access';
import { planSavedDeliveries, savedEventKey } from './coalesce';

/**
 * The dispatcher's policy for the outbox relay: every event bound for a webhook becomes
 * a delivery, in outbox order, except `design.saved`, which is coalesced per webhook and
 * design (coalesce.ts): its newest revision in the batch takes the place of that batch's
 * newest event, or replaces the body of a delivery still waiting, or is dropped.
 */
export const planRelay: RelayPlanner = async (events, latestSaved) => {
  const saved = events.filter((event) => event.type === 'design.saved' && event.designId !== null);
  const latest = new Map((await latestSaved(saved)).map((row) => [savedEventKey(row), row]));
  const plan = planSavedDeliveries(
    saved.map((event) => ({ ...event, designId: event.designId as string, revision: Number(event.data['revision']) })),
    latest,
  );
  const coalesced = new Set(saved);
  const inserted = new Set(plan.flatMap((step) => (step.action === 'insert' ? [step.event.eventId] : [])));
  return {
    inserts: events.filter((event) => !coalesced.has(event) || inserted.has(event.eventId)),
    merges: plan.flatMap((step) => (step.action === 'merge' ? [{ deliveryId: step.deliveryId, event: step.event }] : [])),
  };
};
