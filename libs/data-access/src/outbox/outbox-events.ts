import type { Prisma } from '@prisma/client';
import type { RequestContext, SubscribableEvent } from '@embed/contracts';
import { newId } from '../ids';
import type { KnownPerson } from '../people/people.repository';

/**
 * Writes one event about a person's design to the transactional outbox, inside the
 * caller's transaction, so the event exists exactly when the change does. `data` is the
 * webhook's `data` object (spec §6); the dispatcher delivers it later. The event keeps
 * the id and trace of the request that made it (see `outboxRequestContext`).
 */
export async function addOutboxEvent(
  tx: Prisma.TransactionClient,
  person: KnownPerson,
  type: Exclude<SubscribableEvent, 'user.erased'>,
  designId: string,
  data: Record<string, string | number | string[]>,
  context: RequestContext | undefined,
): Promise<void> {
  await tx.outboxEvent.create({
    data: { id: newId('evt'), projectId: person.projectId, environment: person.environment, type, personId: person.personId, designId, data, ...outboxRequestContext(context) },
  });
}

/** The request (or job) an event is written for, as the event stores it, so its deliveries can be traced back to it. */
export function outboxRequestContext(context: RequestContext | undefined): { requestId: string | null; traceparent: string | null } {
  return { requestId: context?.requestId || null, traceparent: context?.traceparent ?? null };
}
