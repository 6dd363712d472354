import { fail, type QuotaBreach, quotaMessage, type ServiceReply } from '@embed/contracts';
import { PersonErasedError, QuotaExceededError } from '@embed/data-access';

/** The same answer whether the design does not exist or belongs to another person, project or environment. */
export const designNotFound = () => fail(404, 'design_not_found', 'no design with that id is this person’s');

/** The design is the person's, but keeps no restore point of that revision (never saved, or thinned away). */
export const revisionNotFound = (revision: number) => fail(404, 'revision_not_found', `revision ${revision} of this design is not kept as a restore point`);

export const userErased = () => fail(409, 'user_erased', 'this person is being erased');

/** A create refused because a quota has no room (docs/admin.md, "Quotas"): the message names the quota and its limit. */
export const quotaExceeded = (breach: QuotaBreach) => fail(403, 'quota_exceeded', quotaMessage(breach), { quota: breach.quota, limit: breach.limit });

/**
 * A write that met an erasure starting under it (the person's lock decides) answers 409,
 * and a create that found a quota full 403 quota_exceeded, not a fault.
 */
export async function unlessErased<T>(write: () => Promise<ServiceReply<T>>): Promise<ServiceReply<T>> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof PersonErasedError) return userErased();
    if (error instanceof QuotaExceededError) return quotaExceeded(error.breach);
    throw error;
  }
}
