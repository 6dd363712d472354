import { constants, createReadStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deleteFilesWrittenBefore } from './expired-files';
import type { DownloadLink, ObjectStorage, StoredObject } from './object-storage';
import { signedFilePath } from './signed-urls';
import { onStore } from './storage-unavailable';
import { contentTypeOf, isLedgerKey, isStagingKey, isStorageKey, STAGING_PREFIX } from './storage-keys';

const isOurKey = (key: string) => isStorageKey(key) || isLedgerKey(key) || isStagingKey(key);
/** A file that is not there, as opposed to a disk that cannot be read. */
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Removes a folder once it holds nothing (a file may have been put in it meanwhile). */
async function removeIfEmpty(dir: string): Promise<void> {
  await rmdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST' && error.code !== 'ENOENT') throw error;
  });
}

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
    if (!isOurKey(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(this.root, key);
  }

  /** The directory is there (it is made on first use) and this process may read and write it: a read-only, unmounted or foreign disk is not. */
  check(): Promise<void> {
    return onStore('be reached', async () => {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.R_OK | constants.W_OK);
    });
  }

  /** The type is not kept: it follows from the key's extension when read back. */
  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    return onStore('write a file', async () => {
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${target}.${process.pid}.partial`;
      // A delete that empties the folder removes it (see delete), maybe between mkdir and the write: then it is made again.
      for (let attempt = 1; ; attempt++) {
        await mkdir(path.dirname(target), { recursive: true });
        try {
          await writeFile(partial, body);
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw error;
        }
      }
      await rename(partial, target);
    });
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isOurKey(key)) return null;
    const file = this.pathOf(key);
    const info = await onStore('read a file', () =>
      stat(file).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      }),
    );
    if (!info?.isFile()) return null;
    return { body: createReadStream(file), contentType: contentTypeOf(key), bytes: info.size };
  }

  /** A rename: the file is whole under its new key at once. The folder it leaves goes once empty, as in delete. */
  async move(from: string, to: string): Promise<void> {
    const [source, target] = [this.pathOf(from), this.pathOf(to)];
    return onStore('move a file', async () => {
      // As in put: a delete that empties the target's folder may remove it between mkdir and the rename.
      for (let attempt = 1; ; attempt++) {
        await mkdir(path.dirname(target), { recursive: true });
        try {
          await rename(source, target);
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw error;
        }
      }
      await removeIfEmpty(path.dirname(source));
    });
  }

  /** The file's folder goes too once it is empty: it is named by the person's id, which must not outlive them. */
  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    return onStore('delete a file', async () => {
      await rm(file, { force: true });
      await removeIfEmpty(path.dirname(file));
    });
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!/^(?:exports|images|staging)\/(?:[A-Za-z0-9_-]+\/)+$/.test(prefix)) throw new Error(`not a storage prefix: ${prefix}`);
    await onStore('delete files', () => rm(path.join(this.root, prefix), { recursive: true, force: true }));
  }

  async *listFolders(prefix: string): AsyncIterable<string> {
    if (!/^(?:[A-Za-z0-9_-]+\/)+$/.test(prefix)) throw new Error(`not a storage folder: ${prefix}`);
    const entries = await onStore('list folders', () =>
      readdir(path.join(this.root, prefix), { withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      }),
    );
    const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => `${prefix}${entry.name}/`);
    yield* folders.sort();
  }

  async *list(prefix: string, startAfter = ''): AsyncIterable<string> {
    if (!/^(?:[A-Za-z0-9_-]+\/)+$/.test(prefix)) throw new Error(`not a storage folder: ${prefix}`);
    const names = await onStore('list files', () =>
      readdir(path.join(this.root, prefix)).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      }),
    );
    // A file still being written (see put) is not an object yet.
    const keys = names.filter((name) => !name.endsWith('.partial')).map((name) => `${prefix}${name}`);
    for (const key of keys.sort()) if (key > startAfter) yield key;
  }

  /**
   * Deletes exported files written before `writtenBefore` (uploaded images are kept) and
   * returns how many. What an S3 bucket's lifecycle rule does on `exports/` (docs/file-exports.md).
   */
  deleteExportsWrittenBefore(writtenBefore: Date): Promise<number> {
    return deleteFilesWrittenBefore(path.join(this.root, 'exports'), writtenBefore);
  }

  /** Deletes staged uploads written before `writtenBefore`, which a crash left behind; what a lifecycle rule on `staging/` does on S3. */
  deleteStagedWrittenBefore(writtenBefore: Date): Promise<number> {
    return deleteFilesWrittenBefore(path.join(this.root, STAGING_PREFIX), writtenBefore);
  }

  async downloadLink(key: string, filename: string, expiresAt: Date): Promise<DownloadLink> {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return { url: signedFilePath(this.signingSecret, { key, filename, expires }), expiresAt: new Date(expires * 1000) };
  }
}
