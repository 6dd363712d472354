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

/** A key the store answered an error for, each time it was asked to delete it. */
export interface FileNotDeleted {
  key: string;
  /** The store's error code (AccessDenied, InternalError, …) and words. */
  code: string;
  message: string;
}

/**
 * Files under a prefix the store would not delete, after `attempts` tries each (S3's
 * DeleteObjects reports errors per key in a 200 answer). The others were deleted; asking
 * again later deletes what is left.
 */
export class FilesNotDeletedError extends StorageUnavailableError {
  constructor(
    readonly files: FileNotDeleted[],
    attempts: number,
  ) {
    const first = files[0];
    super('delete files', new Error(`${files.length} not deleted after ${attempts} attempts each, the first ${first.key}: ${first.code} ${first.message}`.trim()));
    this.name = 'FilesNotDeletedError';
  }
}

/** The bucket keeps versions: a delete there keeps the object, so the services refuse it (docs/erasure.md). */
export class VersionedBucketError extends StorageUnavailableError {
  constructor(bucket: string, status: string) {
    super(
      'be used',
      new Error(`bucket ${bucket} has versioning ${status}: a delete would keep every version, so no erasure could remove a file; use a bucket that never had versioning on`),
    );
    this.name = 'VersionedBucketError';
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
