import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deleteFilesWrittenBefore } from './expired-files';
import type { DownloadLink, ObjectStorage, StoredObject } from './object-storage';
import { signedFilePath } from './signed-urls';
import { contentTypeOf, isStorageKey } from './storage-keys';

/**
 * Objects as files under one directory (the default, for `npm start` and one-machine
 * installs). Downloads go through the gateway's signed route, so links are relative.
 */
export class FilesystemStorage implements ObjectStorage {
  constructor(
    private readonly root: string,
    private readonly signingSecret: string,
  ) {}

  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(this.root, key);
  }

  /** The type is not kept: it follows from the key's extension when read back. */
  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${target}.${process.pid}.partial`;
    await writeFile(partial, body);
    await rename(partial, target);
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isStorageKey(key)) return null;
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { body: createReadStream(file), contentType: contentTypeOf(key), bytes: info.size };
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!/^(?:exports|images)\/(?:[A-Za-z0-9_-]+\/)+$/.test(prefix)) throw new Error(`not a storage prefix: ${prefix}`);
    await rm(path.join(this.root, prefix), { recursive: true, force: true });
  }

  /**
   * Deletes exported files written before `writtenBefore` (uploaded images are kept) and
   * returns how many. What an S3 bucket's lifecycle rule does on `exports/` (docs/file-exports.md).
   */
  deleteExportsWrittenBefore(writtenBefore: Date): Promise<number> {
    return deleteFilesWrittenBefore(path.join(this.root, 'exports'), writtenBefore);
  }

  async downloadLink(key: string, filename: string, expiresAt: Date): Promise<DownloadLink> {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return { url: signedFilePath(this.signingSecret, { key, filename, expires }), expiresAt: new Date(expires * 1000) };
  }
}
