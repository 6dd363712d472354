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
