import 'fake-indexeddb/auto';
import type { Block, DesignDocument } from '@embed/design-document/model';
import { newBlock, openedState } from '@embed/editor-core';
import { Journal, JournalKeys } from '@embed/editor-journal';
import type { ApiRequest, ApiResponse } from '@embed/editor-protocol';
import { EditorApi } from '../services/editor-api';
import type { HostBridge } from '../services/host-bridge';
import { AUTOSAVE_DELAY_MS, EditorStore, READ_ONLY_ERROR, type StoreOptions } from './editor-store';
import { opening } from './opening';
import { RETRY_DELAYS_MS } from './saving';

const doc = (): DesignDocument => ({ schemaVersion: 1, mode: 'email', settings: { subject: 'Hi' }, body: { rows: [{ columns: [{ blocks: [newBlock('text'), newBlock('image')] }] }] } });

interface Stored {
  id: string;
  name: string;
  revision: number;
  doc: DesignDocument;
}

/**
 * The editor API as the host page answers it, for one design kept in memory: each save
 * one revision higher, 409 revision_conflict for a save from an older revision than the
 * stored one. `hold` keeps answers back until released, to see what overlaps; `offline`
 * answers as the SDK does when fetch fails; `saveElsewhere` is another tab's save.
 */
function service() {
  const requests: ApiRequest[] = [];
  let stored: Stored | null = null;
  let held: (() => void)[] | null = null;
  const network = { offline: false, lostCreateAnswers: 0 };
  const answer = (request: ApiRequest): ApiResponse => {
    if (network.offline) return { status: 0, body: { code: 'network_error', error: 'offline' }, headers: {} };
    if (request.op === 'uploadImage') return { status: 201, body: { url: 'https://files.example/pixel.png' }, headers: {} };
    if (request.op === 'labelRevision') return { status: 200, body: { revision: request.revision, label: request.label }, headers: {} };
    const body = (request as { body: { name?: string; doc: DesignDocument; baseRevision?: number } }).body;
    if (request.op === 'createDesign') {
      stored = { id: 'D1', name: body.name ?? 'n', revision: 0, doc: body.doc };
      // The design is made, and then the answer is lost to a 503 (a gateway's deadline, a restart).
      if (network.lostCreateAnswers > 0 && network.lostCreateAnswers--) return { status: 503, body: { code: 'service_unavailable', error: 'lost' }, headers: {} };
      return { status: 201, body: stored, headers: {} };
    }
    const current = stored as Stored;
    if (body.baseRevision !== undefined && current.revision > body.baseRevision)
      return { status: 409, body: { code: 'revision_conflict', error: 'saved since', design: current }, headers: {} };
    stored = { ...current, name: body.name ?? current.name, revision: current.revision + 1, doc: body.doc };
    return { status: 200, body: stored, headers: {} };
  };
  const bridge = {
    api: (request: ApiRequest) =>
      new Promise<ApiResponse>((resolve) => {
        requests.push(request);
        const send = () => resolve(answer(request));
        if (held) held.push(send);
        else send();
      }),
  } as unknown as HostBridge;
  return {
    api: new EditorApi(bridge),
    requests,
    network,
    stored: () => stored as Stored,
    saveElsewhere: (change: Partial<DesignDocument>) => {
      const current = stored as Stored;
      stored = { ...current, revision: current.revision + 1, doc: { ...current.doc, ...change } as DesignDocument };
    },
    hold: () => (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((send) => send());
    },
  };
}

function store(api: EditorApi, options: StoreOptions = {}, opened = opening(null, undefined, { doc: doc(), name: 'Untitled design' })) {
  const events = { changes: 0, saves: [] as unknown[], errors: [] as unknown[] };
  const made = new EditorStore(opened, api, { change: () => events.changes++, save: (saved) => events.saves.push(saved), error: (error) => events.errors.push(error) }, options);
  return { store: made, events };
}

const typeInto = (target: EditorStore, text: string) =>
  target.dispatch({ type: 'setRichText', at: { row: 0, column: 0, block: 0 }, content: [{ type: 'paragraph', content: [{ text }] }] }, { coalesceKey: 'typing' });
const subject = (target: EditorStore, words: string) => target.dispatch({ type: 'patchSettings', patch: { subject: words } });
const sent = (requests: ApiRequest[]) =>
  requests.map((request) => {
    const { designId, body } = request as { designId?: string; body?: { baseRevision?: number } };
    return `${request.op} ${designId ?? '-'} ${body?.baseRevision ?? '-'}`;
  });

let databases = 0;
// Node's, which fake-indexeddb schedules with (the editor's types are the browser's).
declare function setImmediate(callback: () => void): unknown;

/**
 * Lets the journal's IndexedDB work (on real setImmediate), its sealing (WebCrypto, on
 * Node's thread pool) and the promises after them run, until `done` holds.
 */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 10_000 && !done(); turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await jest.advanceTimersByTimeAsync(0);
  }
  expect(done()).toBe(true);
}

describe('EditorStore', () => {
  // IndexedDB (fake-indexeddb) schedules its work with setImmediate, which stays real.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('creates the design on its first save and saves new revisions after, from the revision it started from', async () => {
    const { api, requests } = service();
    const { store: editor, events } = store(api);
    expect(editor.saveState).toBe('new');
    expect(await editor.save()).toEqual({ designId: 'D1', revision: 0 });
    typeInto(editor, 'Hello');
    expect(editor.saveState).toBe('unsaved');
    expect(await editor.save()).toEqual({ designId: 'D1', revision: 1 });
    expect(sent(requests)).toEqual(['createDesign - -', 'saveDesign D1 0']);
    expect(editor.saveState).toBe('saved');
    expect(events).toMatchObject({ changes: 1, saves: [{ designId: 'D1', revision: 0 }, { designId: 'D1', revision: 1 }] });
    // Nothing changed since: no request.
    expect(await editor.save()).toEqual({ designId: 'D1', revision: 1 });
    expect(requests).toHaveLength(2);
  });

  it('lists the kit’s web font after any edit that names it, as a step of its own, and a font of no kit never', () => {
    const lora = { stack: 'Lora, Georgia, serif', url: 'https://fonts.googleapis.com/css2?family=Lora&display=swap' };
    const kit = { colors: [], fonts: [lora], logoUrl: null, text: {}, link: {}, button: {}, paletteOnly: false, fontsOnly: false, updatedAt: null };
    const { store: editor } = store(service().api, { brandKit: kit });
    editor.dispatch({ type: 'patchBodyStyle', patch: { fontFamily: 'Georgia, serif' } });
    expect(editor.doc.body.fonts).toBeUndefined();
    // A block that comes in by any command (a drop, a paste, a row inserted) with the kit's font.
    const button = { ...newBlock('button'), style: { fontFamily: lora.stack } } as Block;
    editor.dispatch({ type: 'insertBlock', at: { row: 0, column: 0, block: 0 }, block: button });
    expect(editor.doc.body.fonts).toEqual([{ family: 'Lora', url: lora.url }]);
    editor.undo();
    expect({ fonts: editor.doc.body.fonts, blocks: editor.doc.body.rows[0].columns[0].blocks.length }).toEqual({ fonts: undefined, blocks: 3 });
    editor.undo();
    expect(editor.doc.body.rows[0].columns[0].blocks).toHaveLength(2);
  });

  it('autosaves a while after the last change, once for a burst of typing', async () => {
    const { api, requests } = service();
    const { store: editor } = store(api);
    for (const text of ['H', 'He', 'Hel']) {
      typeInto(editor, text);
      await jest.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    }
    expect(requests).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(1);
    expect(JSON.stringify(requests[0])).toContain('Hel');
  });

  it('sends the saves of its timer as autosaves, and the saves asked for (Save, a restore) without the flag', async () => {
    const { api, requests } = service();
    const { store: editor } = store(api);
    await editor.save();
    typeInto(editor, 'typed');
    await jest.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    typeInto(editor, 'typed, then saved');
    await editor.save();
    await editor.restore(doc());
    typeInto(editor, 'typed again');
    await jest.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    const puts = requests.filter((request) => request.op === 'saveDesign').map((request) => (request as { body: { autosave?: boolean } }).body.autosave);
    expect(puts).toEqual([true, false, false, true]);
  });

  it('never overlaps saves: one asked for during another follows it with the newer document', async () => {
    const { api, requests, hold, release } = service();
    const { store: editor } = store(api);
    hold();
    const first = editor.save();
    typeInto(editor, 'later');
    const second = editor.save();
    await jest.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    release();
    await first;
    await jest.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(2);
    expect(await second).toEqual({ designId: 'D1', revision: 1 });
    expect(JSON.stringify(requests[1])).toContain('later');
  });

  it('sends a create whose answer was lost again as it was, with the same Idempotency-Key, then the edits made since', async () => {
    const { api, requests, network, stored } = service();
    const { store: editor } = store(api);
    network.lostCreateAnswers = 1;
    typeInto(editor, 'First words');
    await expect(editor.save()).rejects.toMatchObject({ code: 'service_unavailable' });
    typeInto(editor, 'Words typed while it failed');
    await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    await until(() => editor.saveState === 'saved');
    expect(sent(requests)).toEqual(['createDesign - -', 'createDesign - -', 'saveDesign D1 0']);
    const [lost, again] = requests as { idempotencyKey?: string }[];
    expect(lost.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(again).toEqual(lost);
    expect(JSON.stringify(stored().doc)).toContain('Words typed while it failed');
    // A new design's first create has a key of its own.
    const { store: other } = store(api);
    await other.save();
    expect((requests[3] as { idempotencyKey?: string }).idempotencyKey).not.toBe(lost.idempotencyKey);
  });

  it('puts an uploaded image in its block wherever the block moved meanwhile, as one undo step', async () => {
    const { api, hold, release } = service();
    const { store: editor } = store(api);
    hold();
    const upload = editor.uploadImage({ row: 0, column: 0, block: 1 }, new Blob(['x'], { type: 'image/png' }));
    editor.dispatch({ type: 'moveBlock', from: { row: 0, column: 0, block: 1 }, to: { row: 0, column: 0, block: 0 } });
    release();
    await upload;
    const blocks = editor.doc.body.rows[0].columns[0].blocks;
    expect(blocks.map((block) => block.type)).toEqual(['image', 'text']);
    expect(blocks[0]).toMatchObject({ src: 'https://files.example/pixel.png' });
    editor.undo();
    expect(editor.doc.body.rows[0].columns[0].blocks[0]).not.toHaveProperty('src', 'https://files.example/pixel.png');
  });

  it('keeps the selection on its block through edits around it, brings it back with undo and redo, and asks for the focus by the block', () => {
    const { api } = service();
    const { store: editor } = store(api);
    const image = { kind: 'block', path: { row: 0, column: 0, block: 1 } } as const;
    editor.select(image);
    // A block added before it: the selection follows the image, not its old place.
    editor.dispatch({ type: 'insertBlock', at: { row: 0, column: 0, block: 0 }, block: newBlock('divider') });
    expect(editor.selection).toEqual({ kind: 'block', path: { row: 0, column: 0, block: 2 } });
    editor.dispatch({ type: 'moveBlock', from: { row: 0, column: 0, block: 2 }, to: { row: 0, column: 0, block: 0 } }, { select: { kind: 'block', path: { row: 0, column: 0, block: 0 } }, focus: 'frame' });
    const imageKey = editor.focusRequest.key;
    expect(editor.focusRequest).toMatchObject({ target: 'frame', token: 1 });
    editor.select({ kind: 'body' });
    editor.undo();
    expect(editor.selection).toEqual({ kind: 'block', path: { row: 0, column: 0, block: 2 } });
    editor.undo();
    expect(editor.selection).toEqual(image);
    editor.redo();
    editor.redo();
    expect(editor.selection).toEqual({ kind: 'block', path: { row: 0, column: 0, block: 0 } });
    editor.focusBlock({ row: 0, column: 0, block: 0 });
    expect(editor.focusRequest).toMatchObject({ key: imageKey, token: 2 });
  });

  it('puts the upload of an image added on the canvas in the undo step of its insert, whatever was edited meanwhile', async () => {
    const { api, hold, release } = service();
    const { store: editor } = store(api);
    const at = { row: 0, column: 0, block: 2 };
    const image = () => editor.doc.body.rows[0].columns[0].blocks[2];
    hold();
    const adding = editor.addImage(at, new Blob(['x'], { type: 'image/png' }));
    editor.dispatch({ type: 'rename', name: 'Typed while it uploads' });
    release();
    await adding;
    expect(image()).toMatchObject({ type: 'image', src: 'https://files.example/pixel.png' });
    // The first undo takes back the edit made meanwhile, not the upload; the next, the image and its upload.
    editor.undo();
    expect(editor.doc.name).toBeUndefined();
    expect(image()).toMatchObject({ src: 'https://files.example/pixel.png' });
    editor.undo();
    expect(image()).toBeUndefined();
    editor.redo();
    expect(image()).toMatchObject({ type: 'image', src: 'https://files.example/pixel.png' });
    expect(editor.history.canUndo).toBe(true);
  });

  it('gives the upload to an image whose insert was undone while it uploaded, for its redo', async () => {
    const { api, hold, release } = service();
    const { store: editor } = store(api);
    hold();
    const adding = editor.addImage({ row: 0, column: 0, block: 2 }, new Blob(['x'], { type: 'image/png' }));
    editor.undo();
    release();
    await adding;
    expect(editor.doc.body.rows[0].columns[0].blocks).toHaveLength(2);
    editor.redo();
    expect(editor.doc.body.rows[0].columns[0].blocks[2]).toMatchObject({ type: 'image', src: 'https://files.example/pixel.png' });
  });

  it('takes a restore point as an undoable edit and saves it as a new revision', async () => {
    const { api } = service();
    const { store: editor } = store(api);
    await editor.save();
    const older = { ...doc(), settings: { subject: 'Older' } } as DesignDocument;
    expect(await editor.restore(older)).toEqual({ designId: 'D1', revision: 1 });
    expect(editor.doc.settings).toEqual({ subject: 'Older' });
    editor.undo();
    expect(editor.doc.settings).toEqual({ subject: 'Hi' });
  });

  it('tells the views of typing the text already shows after the next paint, once for the keys of one frame', () => {
    const { api } = service();
    /** Tasks waiting for the next paint, run by `paint()`. */
    const painting: (() => void)[] = [];
    const paint = () => painting.splice(0).forEach((task) => task());
    const { store: editor, events } = store(api, { afterPaint: (task) => painting.push(task) });
    let renders = 0;
    editor.subscribe(() => renders++);
    const type = (text: string) =>
      editor.dispatch({ type: 'setRichText', at: { row: 0, column: 0, block: 0 }, content: [{ type: 'paragraph', content: [{ text }] }] }, { coalesceKey: 'typing', shown: true });
    type('H');
    type('Hi');
    // The document and the host page's change event are current at once; the views catch up after the frame.
    expect(JSON.stringify(editor.doc)).toContain('Hi');
    expect(events.changes).toBe(2);
    expect(renders).toBe(0);
    paint();
    expect(renders).toBe(1);
    // A change no view shows yet tells them at once, and the typing's late telling is not needed any more.
    type('Hi!');
    editor.select({ kind: 'body' });
    expect(renders).toBe(2);
    paint();
    expect(renders).toBe(2);
  });

  it('refuses an edit the document cannot take, with an error event, and leaves the design as it was', () => {
    const { api } = service();
    const { store: editor, events } = store(api);
    const before = editor.doc;
    expect(editor.dispatch({ type: 'insertBlock', at: { row: 0, column: 0, block: 0 }, block: newBlock('form') })).toBe(false);
    expect(editor.doc).toBe(before);
    expect(events.errors).toEqual([{ code: 'edit_refused', message: expect.stringContaining('form') }]);
  });

  it('stops at a revision conflict until the person chooses, and keeping mine saves it on top of theirs', async () => {
    const { api, requests, saveElsewhere, stored } = service();
    const { store: editor, events } = store(api);
    await editor.save();
    saveElsewhere({ settings: { subject: 'Theirs' } });
    subject(editor, 'Mine');
    await expect(editor.save()).rejects.toMatchObject({ code: 'revision_conflict' });
    expect(editor.saveState).toBe('conflict');
    expect(editor.conflict).toMatchObject({ theirs: { revision: 1 }, baseRevision: 0 });
    expect(events.errors).toEqual([expect.objectContaining({ code: 'revision_conflict' })]);
    // Nothing goes out on its own while the person chooses, however long they edit.
    subject(editor, 'Mine, still');
    await jest.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3);
    expect(requests).toHaveLength(2);

    editor.keepMine('Their version');
    await jest.advanceTimersByTimeAsync(0);
    // Theirs is named, so that thinning keeps it.
    expect(sent(requests).slice(2).sort()).toEqual(['labelRevision D1 -', 'saveDesign D1 1']);
    expect(requests.find((request) => request.op === 'labelRevision')).toMatchObject({ revision: 1, label: 'Their version' });
    expect(stored()).toMatchObject({ revision: 2, doc: { settings: { subject: 'Mine, still' } } });
    expect(editor.saveState).toBe('saved');
  });

  it('takes theirs on a revision conflict: their design is shown and saved, and mine is one undo away', async () => {
    const { api, requests, saveElsewhere } = service();
    const { store: editor } = store(api);
    await editor.save();
    saveElsewhere({ settings: { subject: 'Theirs' } });
    subject(editor, 'Mine');
    await editor.save().catch(() => undefined);
    editor.takeTheirs();
    expect([editor.saveState, editor.doc.settings]).toEqual(['saved', { subject: 'Theirs' }]);
    await jest.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(requests).toHaveLength(2);
    editor.undo();
    expect(editor.doc.settings).toEqual({ subject: 'Mine' });
    // Going back to mine is an edit like any other, saved on their revision.
    await jest.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(sent(requests).slice(2)).toEqual(['saveDesign D1 1']);
  });

  it('says offline that the changes are kept only in the page when the host page has no journal', async () => {
    const { api, network } = service();
    const { store: editor } = store(api);
    await editor.save();
    network.offline = true;
    subject(editor, 'Written offline');
    await expect(editor.save()).rejects.toMatchObject({ code: 'network_error' });
    expect(editor.saveState).toBe('offlineUnkept');
  });

  it('keeps saves made offline in the journal, tries again, and saves them once the network is back', async () => {
    const { api, requests, network, stored } = service();
    const journal = await Journal.open(await JournalKeys.derive(new Uint8Array(32)), `store-test-${databases++}`);
    const { store: editor, events } = store(api, { journal: { journal, key: 'draft:tab' } });
    await editor.save();
    network.offline = true;
    subject(editor, 'Written offline');
    await expect(editor.save()).rejects.toMatchObject({ code: 'network_error' });
    expect(editor.saveState).toBe('offline');
    expect(await journal.unsaved('D1')).toMatchObject({ baseRevision: 0, doc: { settings: { subject: 'Written offline' } } });
    // Offline, it tries again by itself, further and further apart.
    await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(requests).toHaveLength(3);
    expect(editor.saveState).toBe('offline');
    expect(events.errors).toHaveLength(1);

    network.offline = false;
    editor.online();
    await until(() => editor.saveState === 'saved');
    expect(stored()).toMatchObject({ revision: 1, doc: { settings: { subject: 'Written offline' } } });
    expect(editor.saveState).toBe('saved');
    expect(await journal.unsaved('D1')).toBeUndefined();
    journal.close();
  });

  it('opens from the journal after a reload: the unsaved changes are saved, with their undo history', async () => {
    const { api, requests, stored } = service();
    const journal = await Journal.open(await JournalKeys.derive(new Uint8Array(32)), `store-test-${databases++}`);
    const { store: before } = store(api, { journal: { journal, key: 'draft:tab' } });
    await before.save();
    for (let step = 1; step <= 30; step++) subject(before, `Step ${step}`);
    before.flushJournal();
    await jest.advanceTimersByTimeAsync(0);
    // The page is gone before the autosave: a new page opens the design with what the journal kept.
    const entry = await journal.entry('D1');
    const { store: after } = store(api, { journal: { journal, key: 'D1' } }, opening(stored(), entry, { doc: doc(), name: 'x' }));
    expect(after.doc.settings).toEqual({ subject: 'Step 30' });
    expect(after.recoveredAt).toEqual(expect.any(Number));
    after.start();
    await until(() => after.saveState === 'saved');
    expect(sent(requests).slice(1)).toEqual(['saveDesign D1 0']);
    expect(stored().doc.settings).toEqual({ subject: 'Step 30' });
    let undone = 0;
    while (after.history.canUndo) {
      after.undo();
      undone++;
    }
    expect([undone, after.doc.settings]).toEqual([30, { subject: 'Hi' }]);
    journal.close();
  });

  it('read-only, applies nothing, saves nothing, and its save() says why', async () => {
    const { api, requests } = service();
    const { store: editor, events } = store(api, { readOnly: true }, { ...opening(null, undefined, { doc: doc(), name: 'x' }), save: openedState({ id: 'D1', revision: 3 }) });
    const before = editor.doc;
    expect(typeInto(editor, 'Nope')).toBe(false);
    editor.undo();
    expect(editor.doc).toBe(before);
    await expect(editor.save()).rejects.toEqual(READ_ONLY_ERROR);
    expect([editor.saveState, editor.id]).toEqual(['readOnly', 'D1']);
    await jest.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(requests).toHaveLength(0);
    expect(events.errors).toEqual([READ_ONLY_ERROR]);
  });

  it('read-only, is watched at the revision it shows and shows a newer save made elsewhere, once', () => {
    const { api } = service();
    const { store: editor, events } = store(api, { readOnly: true }, { ...opening(null, undefined, { doc: doc(), name: 'x' }), save: openedState({ id: 'D1', revision: 3 }) });
    expect(editor.watched).toEqual({ id: 'D1', revision: 3 });
    const theirs = { ...doc(), settings: { subject: 'Saved elsewhere' } } as DesignDocument;
    editor.savedElsewhere({ id: 'D1', name: 'Renamed', revision: 4, doc: theirs });
    expect([editor.doc, editor.name, editor.updatedElsewhere, editor.watched]).toEqual([theirs, 'Renamed', 4, { id: 'D1', revision: 4 }]);
    expect(events.changes).toBe(1);
    editor.savedElsewhere({ id: 'D1', name: 'Older', revision: 4, doc: doc() });
    expect([editor.doc, editor.name, events.changes]).toEqual([theirs, 'Renamed', 1]);
  });
});

describe('editing in a language', () => {
  it('sends a text typed in another language to its translation, and shows it there', () => {
    const { store: made, events } = store(service().api);
    expect(made.dispatch({ type: 'addLanguage', language: 'de' })).toBe(true);
    made.setLanguage('de');
    expect(made.language).toBe('de');
    expect(typeInto(made, 'Hallo')).toBe(true);
    expect(events.errors).toEqual([]);
    const block = made.doc.body.rows[0].columns[0].blocks[0] as { translations?: Record<string, unknown> };
    expect(block.translations?.de).toEqual({ content: [{ type: 'paragraph', content: [{ text: 'Hallo' }] }] });
    expect(made.shown.body.rows[0].columns[0].blocks[0]).toMatchObject({ content: [{ type: 'paragraph', content: [{ text: 'Hallo' }] }] });
  });
});
