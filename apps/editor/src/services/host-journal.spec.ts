import 'fake-indexeddb/auto';
import type { DesignDocument } from '@embed/design-document/model';
import { EditorHistory } from '@embed/editor-core';
import { answerJournal, Journal, JournalKeys } from '@embed/editor-journal';
import type { JournalChange } from '@embed/editor-protocol';
import { type AskJournal, HostJournal } from './host-journal';
import { JournalWriter } from './journal-writer';

// The frame's journal client against the SDK's side of it (answerJournal, on IndexedDB as
// the W3C specifies it, in memory): every message is cloned as postMessage clones it.
let databases = 0;
function hostPage(draftKey = 'draft:tab-1:0') {
  const journal = JournalKeys.derive(new Uint8Array(32)).then((keys) => Journal.open(keys, `host-journal-test-${databases++}`));
  const asked: string[] = [];
  const ask = (async (op, args) => {
    asked.push(op);
    const answer = structuredClone(await answerJournal(() => journal, structuredClone({ op, args }), () => draftKey));
    if (!answer.ok) throw answer.error;
    return answer.value;
  }) as AskJournal;
  return { ask, asked, journal };
}

const blank: DesignDocument = { schemaVersion: 1, mode: 'email', settings: { subject: 'Hi' }, body: { rows: [] } };
function renamed(steps: number, designId: string | null = 'D1'): JournalChange {
  const history = new EditorHistory(blank);
  for (let step = 1; step <= steps; step++) history.apply({ type: 'rename', name: `Name ${step}` });
  return { designId, baseRevision: designId ? 3 : null, name: history.doc.name, doc: history.doc, history: history.serialize() };
}

describe('HostJournal', () => {
  it('keeps changes in the host page’s journal until a save is confirmed, and gives them back to the next page', async () => {
    const host = hostPage();
    const frame = (await HostJournal.open(host.ask))!;
    expect(frame.draftKey).toBe('draft:tab-1:0');
    const change = await frame.record('D1', renamed(300));
    const reloaded = (await HostJournal.open(host.ask))!;
    const entry = await reloaded.unsaved('D1');
    expect(entry).toMatchObject({ designId: 'D1', baseRevision: 3, doc: { name: 'Name 300' } });
    const history = EditorHistory.restore(entry!.history);
    let undone = 0;
    for (; history.canUndo; undone++) history.undo();
    expect([undone, history.doc]).toEqual([300, blank]);
    await reloaded.confirm('D1', change, { designId: 'D1', revision: 4 });
    expect(await reloaded.unsaved('D1')).toBeUndefined();
    expect(await reloaded.entry('D1')).toMatchObject({ baseRevision: 4, doc: { name: 'Name 300' } });
    expect(host.asked).toEqual(['open', 'record', 'open', 'unsaved', 'confirm', 'unsaved', 'entry']);
    (await host.journal).close();
  });

  it('writes through a JournalWriter, in order, and moves a new design’s draft under its id', async () => {
    const host = hostPage();
    const frame = (await HostJournal.open(host.ask))!;
    let state = renamed(1, null);
    const writer = new JournalWriter(frame, frame.draftKey, () => state);
    const first = await writer.flush();
    state = renamed(2, null);
    const second = await writer.flush();
    await writer.rekey('D9');
    await writer.confirm(first, { designId: 'D9', revision: 0 });
    expect([first, second]).toEqual([1, 2]);
    expect(await frame.unsaved(frame.draftKey)).toBeUndefined();
    expect(await frame.unsaved('D9')).toMatchObject({ key: 'D9', designId: 'D9', baseRevision: 0, doc: { name: 'Name 2' } });
    (await host.journal).close();
  });

  it('is none when the host page’s IndexedDB refuses it, or when its SDK never answers', async () => {
    const refused = (async (op, args) => {
      const answer = await answerJournal(() => Promise.reject(new DOMException('The user denied permission to access the database.', 'UnknownError')), { op, args }, () => 'draft:x:0');
      if (!answer.ok) throw answer.error;
      return answer.value;
    }) as AskJournal;
    expect(await HostJournal.open(refused)).toBeNull();
    const silent: AskJournal = () => new Promise(() => undefined);
    expect(await HostJournal.open(silent, 10)).toBeNull();
  });
});
