import type { DesignDocument } from '@embed/design-document/model';
import { EditorHistory, type ServerDesign } from '@embed/editor-core';
import type { JournalEntry } from '@embed/editor-protocol';
import { contentFingerprint } from '@embed/editor-core';
import { isOwnSave, opening } from './opening';

const base: DesignDocument = { schemaVersion: 1, mode: 'email', settings: { subject: 'Hi' }, body: { rows: [] } };
const fresh = { doc: base, name: 'Untitled design' };

/** A journal entry after `steps` renames from `base`, started from `baseRevision`, confirmed or not. */
function entry(steps: number, baseRevision: number | null, saved: boolean): JournalEntry {
  const history = new EditorHistory(base);
  for (let step = 1; step <= steps; step++) history.apply({ type: 'rename', name: `Name ${step}` });
  return { key: 'D1', designId: baseRevision === null ? null : 'D1', baseRevision, name: `Name ${steps}`, doc: history.doc, history: history.serialize(), change: 4, confirmed: saved ? 4 : 3, updatedAt: 1000 };
}
const server = (revision: number, doc: DesignDocument = base): ServerDesign => ({ id: 'D1', name: 'On the service', revision, doc });

describe('opening', () => {
  it('brings back unsaved changes with their history, to be saved on the revision they started from', () => {
    const opened = opening(server(7), entry(3, 7, false), fresh);
    expect(opened.save).toMatchObject({ status: 'unsaved', designId: 'D1', baseRevision: 7 });
    expect(opened.history.doc.name).toBe('Name 3');
    expect([opened.name, opened.recoveredAt]).toEqual(['Name 3', 1000]);
  });

  it('asks the person to choose when the service has a newer revision than the unsaved changes started from', () => {
    const opened = opening(server(9), entry(3, 7, false), fresh);
    expect(opened.save).toMatchObject({ status: 'conflict', theirs: { revision: 9 } });
    expect(opened.history.doc.name).toBe('Name 3');
  });

  it('opens in step, without a conflict, when the service’s newer revision is what the journal holds (keys in another order)', () => {
    const unsaved = entry(3, 7, false);
    const reordered = { body: unsaved.doc.body, settings: unsaved.doc.settings, name: unsaved.doc.name, mode: unsaved.doc.mode, schemaVersion: 1 } as DesignDocument;
    const opened = opening({ id: 'D1', name: 'Name 3', revision: 8, doc: reordered }, unsaved, fresh);
    expect(opened.save).toMatchObject({ status: 'saved', designId: 'D1', baseRevision: 8 });
    expect([opened.inStep, opened.recoveredAt, opened.history.canUndo]).toEqual([{ id: 'D1', revision: 8 }, null, true]);
    // Another name is another design.
    expect(opening({ id: 'D1', name: 'Other', revision: 8, doc: reordered }, unsaved, fresh).save.status).toBe('conflict');
  });

  it('saves the later changes on top of its own save that the closed page never heard back from', () => {
    const sentState = entry(2, 7, false);
    const later = { ...entry(3, 7, false), sent: contentFingerprint({ doc: sentState.doc, name: 'Name 2' }) };
    const own = { id: 'D1', name: 'Name 2', revision: 8, doc: sentState.doc };
    expect(isOwnSave(own, later)).toBe(true);
    expect(opening(own, later, fresh, true).save).toMatchObject({ status: 'unsaved', baseRevision: 8 });
    // Another tab's save, or one more after it, is not this tab's: the person chooses.
    expect(isOwnSave({ ...own, name: 'Theirs' }, later)).toBe(false);
    expect(isOwnSave({ ...own, revision: 9 }, later)).toBe(false);
    expect(isOwnSave(own, { ...later, sent: undefined })).toBe(false);
    expect(opening({ ...own, name: 'Theirs' }, later, fresh, false).save.status).toBe('conflict');
  });

  it('keeps the undo history of a saved design while the service holds the revision it ends on', () => {
    const kept = opening(server(7, entry(3, 7, true).doc), entry(3, 7, true), fresh);
    expect([kept.save.status, kept.history.canUndo, kept.recoveredAt]).toEqual(['saved', true, null]);
    const moved = opening(server(8), entry(3, 7, true), fresh);
    expect([moved.history.canUndo, moved.history.doc]).toEqual([false, base]);
  });

  it('opens the service’s design afresh when it shows the same revision otherwise (a synced row’s new content)', () => {
    const synced = { ...entry(3, 7, true).doc, body: { rows: [{ id: 'banner', syncedRowId: `row_${'0'.repeat(26)}`, columns: [{ blocks: [] }] }] } } as DesignDocument;
    const opened = opening(server(7, synced), entry(3, 7, true), fresh);
    expect([opened.history.canUndo, opened.history.doc]).toEqual([false, synced]);
  });

  it('opens a new design fresh, or its draft from this tab', () => {
    expect(opening(null, undefined, fresh)).toMatchObject({ save: { status: 'unsaved', designId: null }, name: 'Untitled design', recoveredAt: null });
    expect(opening(null, entry(2, null, false), fresh).save).toMatchObject({ status: 'unsaved', designId: null, edit: 1 });
  });
});
