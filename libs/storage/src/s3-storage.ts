import { CopyObjectCommand, DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { DownloadLink, ObjectStorage, StoredObject } from './object-storage';
import { attachmentDisposition } from './safe-filename';
import { onStore } from './storage-unavailable';

/** S3 caps a presigned link at 7 days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/** Objects in one S3 (or S3-compatible) bucket; download links are presigned by the store. */
export class S3Storage implements ObjectStorage {
  private readonly s3: S3Client;
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
    });
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
      await this.s3.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${encodeURI(from)}` }));
      await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: from }));
    });
  }

  delete(key: string): Promise<void> {
    return onStore('delete a file', async () => {
      await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    });
  }

  deletePrefix(prefix: string): Promise<void> {
    return onStore('delete files', async () => {
      for (;;) {
        const page = await this.s3.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: 1000 }));
        const keys = (page.Contents ?? []).flatMap(({ Key }) => (Key ? [{ Key }] : []));
        if (keys.length === 0) return;
        await this.s3.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      }
    });
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
