/**
 * Runs `deleteBatch` with `batchSize` until a batch comes back short, so that a large
 * deletion never holds its locks for long; the total deleted.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<number>, batchSize: number): Promise<number> {
  let total = 0;
  let deleted: number;
  do {
    deleted = await deleteBatch(batchSize);
    total += deleted;
  } while (deleted === batchSize);
  return total;
}
