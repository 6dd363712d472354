/**
 * The store did not do what it was asked: it could not be reached, or failed (S3 away or
 * answering with an error, a disk that is read-only, full or gone). Nothing was stored or
 * read, and the same request may work once the store is back, so it is answered 503.
 */
export class StorageUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`the store could not ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** Runs one operation on the store, its failure a StorageUnavailableError. */
export async function onStore<T>(operation: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof StorageUnavailableError ? error : new StorageUnavailableError(operation, error);
  }
}
