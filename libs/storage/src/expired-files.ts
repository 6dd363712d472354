import { type Dirent } from 'node:fs';
import { lstat, opendir, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Every regular file under `dir`, depth first; a folder removed meanwhile (an erasure) is skipped. */
async function* filesUnder(dir: string): AsyncGenerator<string> {
  let entries: AsyncIterable<Dirent>;
  try {
    entries = await opendir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for await (const entry of entries) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(entryPath);
    else if (entry.isFile()) yield entryPath;
  }
}

/**
 * Deletes the regular files under `dir` last written before `writtenBefore` (finished
 * files and half-written leftovers of a crash alike) and returns how many it deleted.
 * Safe to run in several processes at once: a file another sweep (or an erasure) took
 * first is simply gone. Folders stay, so a write that is creating one is never cut short.
 */
export async function deleteFilesWrittenBefore(dir: string, writtenBefore: Date): Promise<number> {
  let deleted = 0;
  for await (const file of filesUnder(dir)) {
    try {
      if ((await lstat(file)).mtime >= writtenBefore) continue;
      await unlink(file);
      deleted++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return deleted;
}
