import 'fake-indexeddb/auto';
import type { DesignDocument } from '@embed/design-document/model';
import { EditorHistory } from '@embed/editor-core';
import type { JournalChange } from '@embed/editor-protocol';
import { Journal } from './journal';

// IndexedDB as the W3C specifies it, in memory (fake-indexeddb passes the web platform's
// IndexedDB tests); each test opens its own database.
let count = 0;
const openFresh = () => Journal.open(`journal-test-${count++}`);

const blank: DesignDocument = { schemaVersion: 1, mode: 'email', settings: { subject: 'Hi' }, body: { rows: [] } };
function changed(name: string, base: number | null = 3): JournalChange {
  const history = new EditorHistory(blank);
  history.apply({ type: 'rename', name });
  return { designId: 'D1', baseRevision: base, name, doc: history.doc, history: history.serialize() };
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
    const name = `journal-test-${count++}`;
    const before = await Journal.open(name);
    const change = await before.record('D1', changed('Offline edit'));
    before.close();
    const after = await Journal.open(name); // a reload opens the database again
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
});
