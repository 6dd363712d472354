import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { FilesystemStorage } from './filesystem-storage';
import { checkSignedFile } from './signed-urls';

const key = 'exports/prj_1/test/psn_1/exp_1.pdf';

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
    expect(await storage.get(key)).toBeNull();
  });

  it('refuses keys and prefixes it did not make, so no path leaves its directory', async () => {
    await expect(storage.put('exports/../../etc/passwd.pdf', Buffer.alloc(1), 'application/pdf')).rejects.toThrow(/not a storage key/);
    expect(await storage.get('exports/a/b/c/../../x.pdf')).toBeNull();
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
    expect(await storage.get(keys.expired)).toBeNull();
    expect(existsSync(leftover)).toBe(false);
    expect(await storage.get(keys.live)).not.toBeNull();
    expect(await storage.get(keys.image)).not.toBeNull();
    expect(await storage.get('exports/prj_1/test/psn_2/exp_other.pdf')).not.toBeNull();
  });

  it('finds nothing to delete before anything was exported', async () => {
    const empty = new FilesystemStorage(path.join(root, 'nothing-yet'), 'secret');
    await expect(empty.deleteExportsWrittenBefore(new Date())).resolves.toBe(0);
  });
});
