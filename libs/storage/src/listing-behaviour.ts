import type { ObjectStorage } from './object-storage';
import { ledgerKey } from './storage-keys';

/** What every driver's `list` must do, as tests of each driver run it. */
export function itListsAFolderInOrder(storage: () => ObjectStorage): void {
  it('lists a folder in key order from the first key after a given one, and nothing below it', async () => {
    const names = ['20261123T100000000Z-b', '20261123T090000000Z-a', '20261124T000000000Z-c'];
    for (const name of names) await storage().put(ledgerKey(name), Buffer.from('{}'), 'application/json');
    await storage().put('images/prj_1/test/psn_1/img_9.png', Buffer.from('x'), 'image/png');
    const listed = async (startAfter?: string) => {
      const keys: string[] = [];
      for await (const key of storage().list('erasure-ledger/', startAfter)) keys.push(key);
      return keys;
    };
    expect(await listed()).toEqual([...names].sort().map(ledgerKey));
    expect(await listed('erasure-ledger/20261123T0930')).toEqual([ledgerKey(names[0]), ledgerKey(names[2])]);
    expect(await listed('erasure-ledger/20261125')).toEqual([]);
    const entry = await storage().get(ledgerKey(names[0]));
    entry?.body.destroy();
    expect(entry).not.toBeNull();
    expect((await listed()).some((key) => key.startsWith('images/'))).toBe(false);
  });
}

/**
 * What every driver's `listFolders` must do: the folders right under one, in order, and no
 * file. (s3rver finds no folder whose objects lie two levels or more below the one listed,
 * as S3 and MinIO do; the filesystem driver's own test covers that depth.)
 */
export function itListsFolders(storage: () => ObjectStorage): void {
  it('lists the folders right under a folder, in order, and none of its files', async () => {
    for (const key of ['templates/prj_2/test/tpl_b/tn_1.png', 'templates/prj_2/test/tpl_a/tn_2.png', 'templates/prj_2/test/tpl_a/tn_3.png', 'templates/prj_2/live/tpl_c/tn_4.png']) {
      await storage().put(key, Buffer.from('png'), 'image/png');
    }
    const folders = async (prefix: string) => {
      const found: string[] = [];
      for await (const folder of storage().listFolders(prefix)) found.push(folder);
      return found;
    };
    expect(await folders('templates/prj_2/test/')).toEqual(['templates/prj_2/test/tpl_a/', 'templates/prj_2/test/tpl_b/']);
    expect(await folders('templates/prj_2/test/tpl_a/')).toEqual([]);
    expect(await folders('templates/prj_none/')).toEqual([]);
  });
}
