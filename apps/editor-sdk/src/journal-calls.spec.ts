import 'fake-indexeddb/auto';
import type { JournalRequest } from '@embed/editor-protocol';
import { callJournal } from './journal-calls';

const open = { type: 'journal', id: 1, op: 'open', args: [] } as JournalRequest;

describe('callJournal', () => {
  it('gives each editor of the page a draft key of its own, the same at every open', async () => {
    const first = await callJournal(open, 0);
    const second = await callJournal(open, 1);
    expect(first).toEqual({ ok: true, value: { draftKey: expect.stringMatching(/^draft:[0-9a-f-]{36}:0$/) } });
    expect(second).toEqual({ ok: true, value: { draftKey: (first as { value: { draftKey: string } }).value.draftKey.replace(/0$/, '1') } });
    expect(await callJournal(open, 0)).toEqual(first);
  });

  it('keeps what one editor journals for the next page’s open of the same design', async () => {
    const doc = { schemaVersion: 1, mode: 'email', settings: {}, body: { rows: [] } };
    const change = { designId: 'D1', baseRevision: 2, doc, history: { undo: [], redo: [] } };
    expect(await callJournal({ type: 'journal', id: 2, op: 'record', args: ['D1', change] } as unknown as JournalRequest, 0)).toEqual({ ok: true, value: 1 });
    expect(await callJournal({ type: 'journal', id: 3, op: 'unsaved', args: ['D1'] }, 1)).toMatchObject({ ok: true, value: { key: 'D1', baseRevision: 2, change: 1, confirmed: 0 } });
  });
});
