import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketVersioningCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DownloadLink, ObjectStorage, StoredObject } from './object-storage';
import { attachmentDisposition } from './attachment-disposition';
import { FilesNotDeletedError, type FileNotDeleted, onStore, VersionedBucketError } from './storage-unavailable';

/** S3 caps a presigned link at 7 days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/** How often one key is asked to be deleted before deletePrefix gives up on it, and the pause before each retry (times the attempt). */
export const DELETE_ATTEMPTS = 3;
const RETRY_PAUSE_MS = 200;

/** A store without versioning may answer GetBucketVersioning this way (s3rver does): it keeps no versions. */
const isNotImplemented = (error: unknown) => (error as { name?: string }).name === 'NotImplemented';

/**
 * Objects in one S3 (or S3-compatible) bucket; download links are presigned by the store.
 * The bucket must not be versioned: there a delete only adds a marker and keeps the
 * object, so an erasure would remove nothing. Deleting refuses such a bucket, and so does
 * the readiness check, so no service becomes ready on one (docs/erasure.md).
 */
export class S3Storage implements ObjectStorage {
  private readonly s3: S3Client;
  /** Set once the bucket was seen unversioned; the readiness check asks again every time. */
  private unversioned = false;
  /** Signs download links for the address people download from; it never sends a request itself. */
  private readonly presigner: S3Client;

  constructor(
    private readonly bucket: string,
    clientConfig: S3ClientConfig,
    publicClientConfig: S3ClientConfig = clientConfig,
  ) {
    this.s3 = new S3Client(clientConfig);
    this.presigner = publicClientConfig === clientConfig ? this.s3 : new S3Client(publicClientConfig);
  }

  /** The bucket answers a HEAD: it is reachable, exists and these credentials may use it. */
  check(signal: AbortSignal): Promise<void> {
    return onStore('be reached', async () => {
      await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: signal });
      await this.assertUnversioned(signal);
    });
  }

  /** Throws VersionedBucketError when versioning is on, or was (suspended: the versions made meanwhile stay). */
  private async assertUnversioned(signal?: AbortSignal): Promise<void> {
    const status = await this.s3.send(new GetBucketVersioningCommand({ Bucket: this.bucket }), { abortSignal: signal }).then(
      (answer) => answer.Status,
      (error: unknown) => {
        if (isNotImplemented(error)) return undefined;
        throw error;
      },
    );
    if (status) throw new VersionedBucketError(this.bucket, status);
    this.unversioned = true;
  }

  private async beforeDeleting(): Promise<void> {
    if (!this.unversioned) await this.assertUnversioned();
  }

  put(key: string, body: Buffer, contentType: string): Promise<void> {
    return onStore('write a file', async () => {
      await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
    });
  }

  get(key: string): Promise<StoredObject | null> {
    return onStore('read a file', async () => {
      try {
        const object = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
        return { body: object.Body as Readable, contentType: object.ContentType ?? 'application/octet-stream', bytes: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    });
  }

  /** S3 has no rename: a copy within the bucket (no bytes pass through here), then the original's delete. */
  move(from: string, to: string): Promise<void> {
    return onStore('move a file', async () => {
      await this.beforeDeleting();
      await this.s3.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${encodeURI(from)}` }));
      await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: from }));
    });
  }

  delete(key: string): Promise<void> {
    return onStore('delete a file', async () => {
      await this.beforeDeleting();
      await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    });
  }

  /**
   * Lists the prefix page by page, each page after the last key of the one before, and
   * deletes each page's keys. DeleteObjects answers 200 with an error per key it did not
   * delete: those keys are asked again, DELETE_ATTEMPTS times in all, and the ones still
   * there are passed over, so the listing ends whatever the store does. Then, if any key
   * was not deleted, it throws FilesNotDeletedError naming them: the caller (an erasure)
   * fails and is run again later.
   */
  deletePrefix(prefix: string): Promise<void> {
    return onStore('delete files', async () => {
      await this.beforeDeleting();
      const notDeleted: FileNotDeleted[] = [];
      let startAfter: string | undefined;
      for (;;) {
        const page = await this.s3.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, StartAfter: startAfter, MaxKeys: 1000 }));
        const keys = (page.Contents ?? []).flatMap(({ Key }) => (Key ? [Key] : []));
        if (keys.length === 0) break;
        notDeleted.push(...(await this.deleteKeys(keys)));
        startAfter = keys.at(-1);
        if (!page.IsTruncated) break;
      }
      if (notDeleted.length > 0) throw new FilesNotDeletedError(notDeleted, DELETE_ATTEMPTS);
    });
  }

  /** Deletes `keys` (1,000 at most), asking again for those the store reports an error for; the keys it still did not delete. */
  private async deleteKeys(keys: string[]): Promise<FileNotDeleted[]> {
    let pending = keys;
    for (let attempt = 1; ; attempt++) {
      const answer = await this.s3.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: pending.map((Key) => ({ Key })), Quiet: true } }));
      const failed = (answer.Errors ?? []).map(({ Key, Code, Message }) => ({ key: Key ?? '', code: Code ?? 'unknown', message: Message ?? '' }));
      if (failed.length === 0 || attempt === DELETE_ATTEMPTS) return failed;
      pending = failed.map(({ key }) => key);
      await sleep(RETRY_PAUSE_MS * attempt);
    }
  }

  async *list(prefix: string, startAfter?: string): AsyncIterable<string> {
    let ContinuationToken: string | undefined;
    do {
      const page = await onStore('list files', () =>
        this.s3.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, Delimiter: '/', StartAfter: startAfter, ContinuationToken })),
      );
      for (const { Key } of page.Contents ?? []) if (Key) yield Key;
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
  }

  async *listFolders(prefix: string): AsyncIterable<string> {
    let ContinuationToken: string | undefined;
    do {
      const page = await onStore('list folders', () => this.s3.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, Delimiter: '/', ContinuationToken })));
      for (const { Prefix } of page.CommonPrefixes ?? []) if (Prefix) yield Prefix;
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
  }

  async downloadLink(key: string, filename: string, expiresAt: Date): Promise<DownloadLink> {
    const seconds = Math.min(MAX_PRESIGN_SECONDS, Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000)));
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: attachmentDisposition(filename) });
    const url = await getSignedUrl(this.presigner, command, { expiresIn: seconds });
    return { url, expiresAt: new Date(Date.now() + seconds * 1000) };
  }

  close(): void {
    this.s3.destroy();
    this.presigner.destroy();
  }
}
