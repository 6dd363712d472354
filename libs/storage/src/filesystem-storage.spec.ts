import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { FilesystemStorage } from './filesystem-storage';
import { StorageUnavailableError } from './storage-unavailable';
import { itListsAFolderInOrder, itListsFolders } from './listing-behaviour';
import { checkSignedFile } from './signed-urls';

const key = 'exports/prj_1/test/psn_1/exp_1.pdf';

/**
 * Whether an object is there, closing what get() opened: a read stream left unread opens
 * its file lazily and fails after the folder is removed, in whichever test runs next.
 */
async function isStored(storage: FilesystemStorage, key: string): Promise<boolean> {
  const object = await storage.get(key);
  object?.body.destroy();
  return object !== null;
}

describe('FilesystemStorage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'storage-'));
  const storage = new FilesystemStorage(root, 'secret');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stores, reads back with the type of the key, and deletes by prefix', async () => {
    await storage.put(key, Buffer.from('%PDF-1.7'), 'application/pdf');
    const object = await storage.get(key);
    expect({ contentType: object?.contentType, bytes: object?.bytes }).toEqual({ contentType: 'application/pdf', bytes: 8 });
    expect(await text(object!.body)).toBe('%PDF-1.7');
    await storage.deletePrefix('exports/prj_1/test/psn_1/');
    expect(await isStored(storage, key)).toBe(false);
  });

  it('deletes one file and nothing beside it, and deleting a missing one is not a failure', async () => {
    const other = 'exports/prj_1/test/psn_1/exp_2.pdf';
    await storage.put(key, Buffer.from('one'), 'application/pdf');
    await storage.put(other, Buffer.from('two'), 'application/pdf');
    await storage.delete(key);
    await storage.delete(key);
    expect(await isStored(storage, key)).toBe(false);
    expect(await isStored(storage, other)).toBe(true);
    await expect(storage.delete('exports/../x.pdf')).rejects.toThrow(/not a storage key/);
    expect(existsSync(path.join(root, 'exports/prj_1/test/psn_1'))).toBe(true);
    await storage.delete(other);
    expect(existsSync(path.join(root, 'exports/prj_1/test/psn_1'))).toBe(false);
    expect(existsSync(path.join(root, 'exports/prj_1/test'))).toBe(true);
  });

  it('refuses keys and prefixes it did not make, so no path leaves its directory', async () => {
    await expect(storage.put('exports/../../etc/passwd.pdf', Buffer.alloc(1), 'application/pdf')).rejects.toThrow(/not a storage key/);
    expect(await isStored(storage, 'exports/a/b/c/../../x.pdf')).toBe(false);
    await expect(storage.deletePrefix('../')).rejects.toThrow(/not a storage prefix/);
    await expect(storage.deletePrefix('exports/')).rejects.toThrow(/not a storage prefix/);
  });

  it('hands out a relative link signed for the key, name and whole second of expiry', async () => {
    const expiresAt = new Date('2030-01-01T00:00:00.500Z');
    const link = await storage.downloadLink(key, 'News.pdf', expiresAt);
    expect(link.expiresAt.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    const url = new URL(link.url, 'http://gateway');
    expect(url.pathname).toBe(`/files/v1/${key}`);
    expect(checkSignedFile('secret', key, Object.fromEntries(url.searchParams), 0).ok).toBe(true);
  });

  it('deletes exported files written before a moment, half-written ones included, and keeps the rest and every image', async () => {
    const old = new Date(Date.now() - 25 * 3_600_000);
    const keys = { expired: 'exports/prj_1/test/psn_1/exp_old.pdf', live: 'exports/prj_1/test/psn_1/exp_new.pdf', image: 'images/prj_1/test/psn_1/img_old.png' };
    for (const key of Object.values(keys)) await storage.put(key, Buffer.from('x'), 'application/pdf');
    const leftover = path.join(root, 'exports/prj_1/test/psn_2/exp_crash.pdf.123.partial');
    await storage.put('exports/prj_1/test/psn_2/exp_other.pdf', Buffer.from('x'), 'application/pdf');
    writeFileSync(leftover, 'half');
    for (const file of [keys.expired, keys.image, leftover]) utimesSync(path.resolve(root, file), old, old);
    const cutoff = new Date(Date.now() - 24 * 3_600_000);
    // Two sweeps at once, as two renderers would: each file is deleted once, and neither fails.
    const counts = await Promise.all([storage.deleteExportsWrittenBefore(cutoff), storage.deleteExportsWrittenBefore(cutoff)]);
    expect(counts[0] + counts[1]).toBe(2);
    expect(await isStored(storage, keys.expired)).toBe(false);
    expect(existsSync(leftover)).toBe(false);
    expect(await isStored(storage, keys.live)).toBe(true);
    expect(await isStored(storage, keys.image)).toBe(true);
    expect(await isStored(storage, 'exports/prj_1/test/psn_2/exp_other.pdf')).toBe(true);
  });

  it('moves a staged upload to its key, leaving no folder named by the person in staging', async () => {
    const staged = 'staging/prj_1/test/psn_3/img_1.png';
    await storage.put(staged, Buffer.from('png'), 'image/png');
    await storage.move(staged, 'images/prj_1/test/psn_3/img_1.png');
    expect(await isStored(storage, staged)).toBe(false);
    expect(await isStored(storage, 'images/prj_1/test/psn_3/img_1.png')).toBe(true);
    expect(existsSync(path.join(root, 'staging/prj_1/test/psn_3'))).toBe(false);
    await expect(storage.move(staged, 'images/prj_1/test/psn_3/img_2.png')).rejects.toThrow(StorageUnavailableError);
  });

  it('deletes staged uploads written before a moment, and no image', async () => {
    const old = new Date(Date.now() - 2 * 3_600_000);
    const [abandoned, fresh, image] = ['staging/prj_1/test/psn_4/img_1.png', 'staging/prj_1/test/psn_4/img_2.png', 'images/prj_1/test/psn_4/img_3.png'];
    for (const file of [abandoned, fresh, image]) await storage.put(file, Buffer.from('x'), 'image/png');
    for (const file of [abandoned, image]) utimesSync(path.join(root, file), old, old);
    expect(await storage.deleteStagedWrittenBefore(new Date(Date.now() - 3_600_000))).toBe(1);
    expect([await isStored(storage, abandoned), await isStored(storage, fresh), await isStored(storage, image)]).toEqual([false, true, true]);
    await storage.deletePrefix('staging/prj_1/test/psn_4/');
    expect(await isStored(storage, fresh)).toBe(false);
  });

  it('finds nothing to delete before anything was exported', async () => {
    const empty = new FilesystemStorage(path.join(root, 'nothing-yet'), 'secret');
    await expect(empty.deleteExportsWrittenBefore(new Date())).resolves.toBe(0);
  });

  itListsAFolderInOrder(() => storage);
  itListsFolders(() => storage);

  it('lists folders whose files lie deeper than one level below', async () => {
    await storage.put('templates/prj_4/live/tpl_c/tn_4.png', Buffer.from('png'), 'image/png');
    await storage.put('templates/prj_4/test/tpl_d/tn_5.png', Buffer.from('png'), 'image/png');
    const found: string[] = [];
    for await (const folder of storage.listFolders('templates/prj_4/')) found.push(folder);
    expect(found).toEqual(['templates/prj_4/live/', 'templates/prj_4/test/']);
  });

  it('checks that its directory can be read and written, making it on first use', async () => {
    const fresh = new FilesystemStorage(path.join(root, 'made-on-first-use'), 'secret');
    await expect(fresh.check()).resolves.toBeUndefined();
    expect(existsSync(path.join(root, 'made-on-first-use'))).toBe(true);
  });

  it('fails with StorageUnavailableError when its directory cannot be used, and finds nothing there', async () => {
    // A directory that cannot be made, even by root: its parent is a file.
    writeFileSync(path.join(root, 'a-file'), 'not a directory');
    const broken = new FilesystemStorage(path.join(root, 'a-file', 'storage'), 'secret');
    await expect(broken.check()).rejects.toThrow(StorageUnavailableError);
    await expect(broken.put(key, Buffer.from('x'), 'application/pdf')).rejects.toThrow(StorageUnavailableError);
    await expect(broken.delete(key)).rejects.toThrow(StorageUnavailableError);
    expect(await broken.get(key)).toBeNull();
  });
});
