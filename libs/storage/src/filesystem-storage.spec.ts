import { mkdtempSync, rmSync } from 'node:fs';
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
});
