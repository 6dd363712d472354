import type { DesignDocument } from '@embed/design-document';
import { nextSave, openedState, recoveredState, saveReducer, type SaveEvent, type SaveState, type ServerDesign } from './save-state';
import { exampleEmail } from './testing/designs';

const doc: DesignDocument = exampleEmail();
const theirs: ServerDesign = { id: 'D1', name: 'News', revision: 5, doc };
const run = (state: SaveState, ...events: SaveEvent[]) => events.reduce(saveReducer, state);

describe('save state', () => {
  const opened = openedState({ id: 'D1', revision: 3 });

  it('goes saved, unsaved, saving, saved, and sends baseRevision from the revision the edit started from', () => {
    expect(opened.status).toBe('saved');
    expect(nextSave(opened)).toBeUndefined();
    const edited = run(opened, { type: 'edited' }, { type: 'edited' });
    expect(edited.status).toBe('unsaved');
    expect(nextSave(edited)).toEqual({ kind: 'update', designId: 'D1', baseRevision: 3, edit: 2 });
    const saving = run(edited, { type: 'saveStarted' });
    expect([saving.status, nextSave(saving)]).toEqual(['saving', undefined]);
    const saved = run(saving, { type: 'saved', design: { id: 'D1', revision: 4 }, edit: 2 });
    expect(saved).toMatchObject({ status: 'saved', baseRevision: 4 });
    expect(nextSave(saved)).toBeUndefined();
  });

  it('hears of a save made elsewhere: the same design moves the revision on, another is a conflict, and none while saving or for an older revision', () => {
    expect(run(opened, { type: 'savedElsewhere', theirs, same: true })).toEqual({ ...opened, baseRevision: 5 });
    expect(run(opened, { type: 'edited' }, { type: 'savedElsewhere', theirs, same: false })).toMatchObject({ status: 'conflict', theirs, baseRevision: 3 });
    const saving = run(opened, { type: 'edited' }, { type: 'saveStarted' });
    expect(run(saving, { type: 'savedElsewhere', theirs, same: false })).toBe(saving);
    expect(run(opened, { type: 'savedElsewhere', theirs: { ...theirs, revision: 3 }, same: false })).toBe(opened);
  });

  it('keeps a change made while saving for the next save, on the new base', () => {
    const state = run(opened, { type: 'edited' }, { type: 'saveStarted' }, { type: 'edited' });
    expect(state.status).toBe('saving');
    const after = run(state, { type: 'saved', design: { id: 'D1', revision: 4 }, edit: 1 });
    expect(after.status).toBe('unsaved');
    expect(nextSave(after)).toEqual({ kind: 'update', designId: 'D1', baseRevision: 4, edit: 2 });
  });

  it('creates a new design on its first save, after a change or when asked', () => {
    const fresh = openedState(null);
    expect([fresh.status, nextSave(fresh)]).toEqual(['unsaved', undefined]);
    expect(nextSave(run(fresh, { type: 'edited' }))).toEqual({ kind: 'create', edit: 1 });
    expect(nextSave(run(fresh, { type: 'saveRequested' }))).toEqual({ kind: 'create', edit: 1 });
    const created = run(fresh, { type: 'edited' }, { type: 'saveStarted' }, { type: 'saved', design: { id: 'D9', revision: 0 }, edit: 1 });
    expect(created).toMatchObject({ status: 'saved', designId: 'D9', baseRevision: 0 });
  });

  it('waits offline, keeps editing, and saves when the connection is back', () => {
    const offline = run(opened, { type: 'edited' }, { type: 'saveStarted' }, { type: 'saveFailed', status: 0, code: 'network', message: 'fetch failed' });
    expect([offline.status, nextSave(offline)]).toEqual(['offline', undefined]);
    const more = run(offline, { type: 'edited' });
    expect(more.status).toBe('offline');
    const back = run(more, { type: 'online' });
    expect(nextSave(back)).toEqual({ kind: 'update', designId: 'D1', baseRevision: 3, edit: 2 });
    expect(run(opened, { type: 'offline' }, { type: 'online' }).status).toBe('saved');
  });

  it('on 409 revision_conflict offers "keep mine": saved on top of theirs, with their revision as the base', () => {
    const conflict = run(opened, { type: 'edited' }, { type: 'saveStarted' }, { type: 'saveFailed', status: 409, code: 'revision_conflict', message: 'saved since', theirs });
    expect(conflict).toMatchObject({ status: 'conflict', theirs });
    expect(nextSave(run(conflict, { type: 'edited' }, { type: 'saveRequested' }, { type: 'online' }))).toBeUndefined(); // nothing is saved before the choice
    const mine = run(conflict, { type: 'keepMine' });
    expect(mine.theirs).toBeUndefined();
    expect(nextSave(mine)).toEqual({ kind: 'update', designId: 'D1', baseRevision: 5, edit: 1 });
    expect(run(mine, { type: 'saveStarted' }, { type: 'saved', design: { id: 'D1', revision: 6 }, edit: 1 }).status).toBe('saved');
  });

  it('on 409 revision_conflict offers "take theirs": local edits dropped, their revision the base, nothing to save', () => {
    const conflict = run(opened, { type: 'edited' }, { type: 'saveStarted' }, { type: 'saveFailed', status: 409, code: 'revision_conflict', message: 'saved since', theirs });
    const taken = run(conflict, { type: 'takeTheirs' });
    expect(taken).toMatchObject({ status: 'saved', baseRevision: 5 });
    expect(nextSave(taken)).toBeUndefined();
    expect(nextSave(run(taken, { type: 'edited' }))).toEqual({ kind: 'update', designId: 'D1', baseRevision: 5, edit: 2 });
  });

  it('stops at a refusal until the person asks again', () => {
    const failed = run(opened, { type: 'edited' }, { type: 'saveStarted' }, { type: 'saveFailed', status: 400, code: 'design_invalid', message: 'bad' });
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'design_invalid', message: 'bad' } });
    expect(nextSave(run(failed, { type: 'edited' }))).toBeUndefined();
    expect(nextSave(run(failed, { type: 'saveRequested' }))).toEqual({ kind: 'update', designId: 'D1', baseRevision: 3, edit: 1 });
    expect(run(opened, { type: 'saveRequested' })).toBe(opened); // nothing to save
  });

  it('recovers journaled changes: saves them on the same base, or asks when the service moved on', () => {
    expect(nextSave(recoveredState({ designId: 'D1', baseRevision: 5 }, theirs))).toEqual({ kind: 'update', designId: 'D1', baseRevision: 5, edit: 1 });
    expect(recoveredState({ designId: 'D1', baseRevision: 3 }, theirs)).toMatchObject({ status: 'conflict', theirs });
    expect(nextSave(recoveredState({ designId: null, baseRevision: null }, null))).toEqual({ kind: 'create', edit: 1 });
  });
});
