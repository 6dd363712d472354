import type { RequestContext } from '@embed/contracts';
import { deleteInBatches, type ErasureRepository, type ErasureTarget, type LedgerRecord, PERSON_TABLES } from '@embed/data-access';
import { type ObjectStorage, ownerPrefixes } from '@embed/storage';

/** What an erasure needs of the database. */
export type ErasureStore = Pick<ErasureRepository, 'deleteBatch' | 'erasingUserId' | 'finish'>;
/** What an erasure needs of the object storage (uploaded images, exported files). */
export type ErasureFiles = Pick<ObjectStorage, 'deletePrefix'>;
/** Stores the erasure's ledger entry (see ErasureLedger.write). */
export type LedgerWriter = (target: ErasureTarget, userId: string) => Promise<LedgerRecord>;

/**
 * Erases everything of one person: each table in batches of short transactions (a
 * person with 10,000 designs never holds locks for long), then the person with the one
 * `user.erased` event. Every step only deletes what is left, so a run cut short by a
 * crash is simply run again. Returns whether this run wrote `user.erased`.
 *
 * Stored files (images, file exports) go by the person's key prefixes before `finish`:
 * until the person's row is gone a crash runs every step again, files included, and
 * after that nothing could find them. The ledger entry is stored just before `finish` for
 * the same reason: it needs the integrator's id, which `finish` deletes. `user.erased`
 * keeps the id and trace of `context`, the request that asked for the erasure.
 */
export async function erasePerson(
  store: ErasureStore,
  files: ErasureFiles,
  writeLedger: LedgerWriter,
  target: ErasureTarget,
  batchSize: number,
  context?: RequestContext,
): Promise<boolean> {
  for (const table of PERSON_TABLES) await deleteInBatches((limit) => store.deleteBatch(table, target, limit), batchSize);
  for (const prefix of ownerPrefixes(target)) await files.deletePrefix(prefix);
  const userId = await store.erasingUserId(target);
  if (userId === null) return false;
  return store.finish(target, await writeLedger(target, userId), context);
}
