import type { Prisma } from '@prisma/client';
import type { SubscribableEvent } from '@embed/contracts';
import { newId } from '../ids';
import type { KnownPerson } from '../people/people.repository';

/**
 * Writes one event about a person's design to the transactional outbox, inside the
 * caller's transaction, so the event exists exactly when the change does. `data` is the
 * webhook's `data` object (spec §6); the dispatcher delivers it later.
 */
export async function addOutboxEvent(
  tx: Prisma.TransactionClient,
  person: KnownPerson,
  type: Exclude<SubscribableEvent, 'user.erased'>,
  designId: string,
  data: Record<string, string | number>,
): Promise<void> {
  await tx.outboxEvent.create({
    data: { id: newId('evt'), projectId: person.projectId, environment: person.environment, type, personId: person.personId, designId, data },
  });
}
