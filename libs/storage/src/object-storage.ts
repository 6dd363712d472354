import type { Readable } from 'node:stream';

/** An object as read back: its bytes as a stream, its type and size. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  bytes: number;
}

export interface DownloadLink {
  /** Where the file is fetched; relative (a gateway path) for the filesystem driver, absolute for S3. */
  url: string;
  expiresAt: Date;
}

/**
 * Object storage for exported files, uploaded images and the erasure ledger. Keys are ours (see
 * storage-keys.ts): slash-separated, no `..`, ending in the file's extension. An abstract
 * class rather than an interface so that it is also the Nest injection token. Every
 * operation that fails because of the store, not of its arguments, rejects with
 * StorageUnavailableError.
 */
export abstract class ObjectStorage {
  /** Resolves when the store answers and takes writes; cheap enough for every readiness probe. */
  abstract check(signal: AbortSignal): Promise<void>;
  abstract put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no object under the key. */
  abstract get(key: string): Promise<StoredObject | null>;
  /** Puts the object under `from` under `to` instead (a staged upload once it is recorded); rejects when there is none under `from`. */
  abstract move(from: string, to: string): Promise<void>;
  /** Removes the object under `key`, if there is one (a file whose write was refused). */
  abstract delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a person's files when they are erased). */
  abstract deletePrefix(prefix: string): Promise<void>;
  /** The keys under `prefix` (a folder: it ends in `/`, and nothing below it is listed), in order, from the first after `startAfter`. */
  abstract list(prefix: string, startAfter?: string): AsyncIterable<string>;
  /** The folders directly under `prefix` (a folder: it ends in `/`), each ending in `/`, in order: what a sweep walks a tree of keys by. */
  abstract listFolders(prefix: string): AsyncIterable<string>;
  /** A download address that stops working at `expiresAt` and names the file `filename`. */
  abstract downloadLink(key: string, filename: string, expiresAt: Date): Promise<DownloadLink>;
}
