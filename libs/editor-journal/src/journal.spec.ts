import 'fake-indexeddb/auto';
import type { DesignDocument } from '@embed/design-document/model';
import { EditorHistory } from '@embed/editor-core';
import type { JournalChange } from '@embed/editor-protocol';
import { Journal, SAVED_KEEP_MS, UNSAVED_KEEP_MS } from './journal';
import { JournalKeys } from './journal-keys';

// IndexedDB as the W3C specifies it, in memory (fake-indexeddb passes the web platform's
// IndexedDB tests); each test opens its own database. WebCrypto is Node's.
let count = 0;
const freshName = () => `journal-test-${count++}`;
const keysOf = (seed: number) => JournalKeys.derive(new Uint8Array(32).fill(seed));
const openFresh = async () => Journal.open(await keysOf(1), freshName());

const blank: DesignDocument = { schemaVersion: 1, mode: 'email', settings: { subject: 'Hi' }, body: { rows: [] } };
function changed(name: string, base: number | null = 3): JournalChange {
  const history = new EditorHistory(blank);
  history.apply({ type: 'rename', name });
  return { designId: 'D1', baseRevision: base, name, doc: history.doc, history: history.serialize() };
}

/** Every record of the database as IndexedDB holds it. */
async function rawRecords(name: string): Promise<Record<string, unknown>[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const all = db.transaction('records').objectStore('records').getAll();
  const records = await new Promise<Record<string, unknown>[]>((resolve) => (all.onsuccess = () => resolve(all.result)));
  db.close();
  return records;
}

describe('Journal', () => {
  it('keeps every change until the service confirms a save that carried it', async () => {
    const journal = await openFresh();
    expect(await journal.unsaved('D1')).toBeUndefined();
    const first = await journal.record('D1', changed('One'), 1000);
    const second = await journal.record('D1', changed('Two'), 2000);
    expect((await journal.unsaved('D1'))?.doc.name).toBe('Two');
    await journal.confirm('D1', first, { designId: 'D1', revision: 4 });
    expect(await journal.unsaved('D1')).toMatchObject({ doc: { name: 'Two' }, baseRevision: 4, change: second, confirmed: first });
    await journal.confirm('D1', second, { designId: 'D1', revision: 5 });
    expect(await journal.unsaved('D1')).toBeUndefined();
    journal.close();
  });

  it('gives back what is unsaved after the page is gone, and the undo history even once saved', async () => {
    const name = freshName();
    const before = await Journal.open(await keysOf(1), name);
    const change = await before.record('D1', changed('Offline edit'));
    before.close();
    const after = await Journal.open(await keysOf(1), name); // a reload opens the database again, with the same person's key
    const entry = await after.unsaved('D1');
    expect(entry).toMatchObject({ designId: 'D1', baseRevision: 3, doc: { name: 'Offline edit' } });
    expect(EditorHistory.restore(entry!.history).undo()).toStrictEqual(blank);
    await after.confirm('D1', change, { designId: 'D1', revision: 4 });
    expect(await after.unsaved('D1')).toBeUndefined();
    expect(EditorHistory.restore((await after.entry('D1'))!.history).canUndo).toBe(true);
    after.close();
  });

  it('moves a new design under its id, leaving the other designs alone', async () => {
    const journal = await openFresh();
    await journal.record('new:tab-1', { ...changed('Draft', null), designId: null }, 2000);
    await journal.record('D1', changed('Older'), 1000);
    await journal.rekey('new:tab-1', 'D2');
    expect(await journal.unsaved('new:tab-1')).toBeUndefined();
    expect(await journal.unsaved('D2')).toMatchObject({ key: 'D2', designId: 'D2', doc: { name: 'Draft' } });
    expect(await journal.unsaved('D1')).toMatchObject({ key: 'D1', doc: { name: 'Older' } });
    journal.close();
  });

  it('gives one person’s entries to no one else: another key neither finds nor opens them', async () => {
    const name = freshName();
    const a = await Journal.open(await keysOf(1), name);
    await a.record('draft:tab:0', { ...changed('A’s secret draft', null), designId: null });
    const b = await Journal.open(await keysOf(2), name); // another person in the same tab, or A after erasure (a new key)
    expect(await b.unsaved('draft:tab:0')).toBeUndefined();
    expect(await b.entry('draft:tab:0')).toBeUndefined();
    await b.record('draft:tab:0', { ...changed('B’s draft', null), designId: null });
    expect((await a.unsaved('draft:tab:0'))?.doc.name).toBe('A’s secret draft');
    expect((await b.unsaved('draft:tab:0'))?.doc.name).toBe('B’s draft');
    a.close();
    b.close();
  });

  it('keeps nothing readable in the clear: no document, name, design id or key', async () => {
    const name = freshName();
    const journal = await Journal.open(await keysOf(1), name);
    await journal.record('D1', changed('Typed then deleted'));
    await journal.record('D1', changed('Typed then deleted twice'));
    journal.close();
    const records = await rawRecords(name);
    expect(records).toHaveLength(1);
    expect(Object.keys(records[0]).sort()).toEqual(['data', 'id', 'iv', 'saved', 'writtenAt']);
    const clear = JSON.stringify(records[0]) + new TextDecoder('latin1').decode(records[0].data as ArrayBuffer);
    for (const secret of ['Typed', 'D1', 'email', 'subject']) expect(clear).not.toContain(secret);
    expect(records[0].id).toMatch(/^[0-9a-f]{32}:[0-9a-f]{32}$/);
  });

  it('seals every write with a fresh IV, and refuses a record moved under another id', async () => {
    const keys = await keysOf(1);
    const first = await keys.seal('ns:a', { same: true });
    const second = await keys.seal('ns:a', { same: true });
    expect(first.iv).not.toEqual(second.iv);
    expect(await keys.open('ns:a', first)).toEqual({ same: true });
    await expect(keys.open('ns:b', first)).rejects.toThrow();
    await expect((await keysOf(2)).open('ns:a', first)).rejects.toThrow();
  });

  it('deletes, on opening, every person’s saved entries past SAVED_KEEP_MS and unsaved ones past UNSAVED_KEEP_MS', async () => {
    const name = freshName();
    const start = Date.UTC(2026, 0, 1);
    const a = await Journal.open(await keysOf(1), name, start);
    const saved = await a.record('Saved', changed('Saved'), start);
    await a.confirm('Saved', saved, { designId: 'Saved', revision: 4 }, start);
    await a.record('Unsaved', changed('Unsaved'), start);
    const b = await Journal.open(await keysOf(2), name, start); // an erased person's entries: no key will open them again
    await b.record('Orphan', changed('Orphan'), start);
    a.close();
    b.close();

    const within = await Journal.open(await keysOf(1), name, start + SAVED_KEEP_MS);
    expect(await within.entry('Saved')).toBeDefined();
    within.close();
    const week = await Journal.open(await keysOf(1), name, start + SAVED_KEEP_MS + 1);
    expect(await week.entry('Saved')).toBeUndefined();
    expect(await week.unsaved('Unsaved')).toBeDefined();
    week.close();
    expect(await rawRecords(name)).toHaveLength(2);
    const month = await Journal.open(await keysOf(1), name, start + UNSAVED_KEEP_MS + 1);
    expect(await month.unsaved('Unsaved')).toBeUndefined();
    month.close();
    expect(await rawRecords(name)).toHaveLength(0);
  });

  it('forgets every entry of its person and none of another’s', async () => {
    const name = freshName();
    const a = await Journal.open(await keysOf(1), name);
    const b = await Journal.open(await keysOf(2), name);
    await a.record('D1', changed('A1'));
    await a.record('draft:tab:0', { ...changed('A draft', null), designId: null });
    await b.record('D9', changed('B9'));
    await a.forget();
    expect(await a.entry('D1')).toBeUndefined();
    expect(await a.entry('draft:tab:0')).toBeUndefined();
    expect(await b.entry('D9')).toMatchObject({ doc: { name: 'B9' } });
    expect(await rawRecords(name)).toHaveLength(1);
    a.close();
    b.close();
  });

  it('deletes the entries an older SDK kept in the clear', async () => {
    const name = freshName();
    await new Promise<void>((resolve) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('entries', { keyPath: 'key' }).put({ key: 'D1', doc: blank });
      request.onsuccess = () => (request.result.close(), resolve());
    });
    (await Journal.open(await keysOf(1), name)).close();
    const db = await new Promise<IDBDatabase>((resolve) => (indexedDB.open(name).onsuccess = (event) => resolve((event.target as IDBOpenDBRequest).result)));
    expect([db.objectStoreNames.length, db.objectStoreNames.contains('records')]).toEqual([1, true]);
    db.close();
  });

  it('loses no change when two tabs write the same entry at once', async () => {
    const name = freshName();
    const [one, two] = await Promise.all([Journal.open(await keysOf(1), name), Journal.open(await keysOf(1), name)]);
    const numbers = await Promise.all([1, 2, 3, 4].map((i) => (i % 2 ? one : two).record('D1', changed(`Edit ${i}`))));
    expect(numbers.sort()).toEqual([1, 2, 3, 4]);
    expect(await one.entry('D1')).toMatchObject({ change: 4 });
    one.close();
    two.close();
  });
});
