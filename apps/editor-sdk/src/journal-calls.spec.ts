import 'fake-indexeddb/auto';
import type { JournalRequest } from '@embed/editor-protocol';
import { PersonJournal } from './journal-calls';

const code = () => import('./journal-chunk');

let databases = 0;
let ids = 0;
const ask = (op: string, ...args: unknown[]) => ({ type: 'journal', id: ids++, op, args }) as unknown as JournalRequest;
/** A journal key as the service gives it: 32 bytes, base64url (43 characters: the base64 of 32 bytes ends in one `=`). */
const keyOf = (seed: number) => btoa(String.fromCharCode(...new Uint8Array(32).fill(seed))).replace(/\+/g, '-').replace(/\//g, '_').slice(0, 43);
const doc = { schemaVersion: 1, mode: 'email', settings: {}, body: { rows: [] } };
const draft = (name: string) => ({ designId: null, baseRevision: null, name, doc, history: { version: 1, doc, undo: [], redo: [] } });

async function draftKeyOf(journal: PersonJournal): Promise<string> {
  const opened = await journal.answer(ask('open'));
  return (opened as { value: { draftKey: string } }).value.draftKey;
}

describe('PersonJournal', () => {
  it('gives each editor of the page a draft key of its own, the same at every open', async () => {
    const database = `sdk-journal-${databases++}`;
    const first = await draftKeyOf(new PersonJournal(async () => keyOf(1), 0, code, database));
    expect(first).toMatch(/^draft:[0-9a-f-]{36}:0$/);
    expect(await draftKeyOf(new PersonJournal(async () => keyOf(1), 1, code, database))).toBe(first.replace(/0$/, '1'));
    expect(await draftKeyOf(new PersonJournal(async () => keyOf(1), 0, code, database))).toBe(first);
  });

  it('gives a new design’s draft back to its person only, never to the next person in the same tab', async () => {
    const database = `sdk-journal-${databases++}`;
    const personA = new PersonJournal(async () => keyOf(1), 0, code, database);
    const key = await draftKeyOf(personA);
    expect(await personA.answer(ask('record', key, draft('A’s unsaved design')))).toEqual({ ok: true, value: 1 });
    // The tab mounts the editor for person B at the same place, after a reload or in the same page.
    const personB = new PersonJournal(async () => keyOf(2), 0, code, database);
    expect(await draftKeyOf(personB)).toBe(key);
    expect(await personB.answer(ask('unsaved', key))).toEqual({ ok: true, value: undefined });
    // Person A comes back: their draft is there.
    const againA = new PersonJournal(async () => keyOf(1), 0, code, database);
    expect(await againA.answer(ask('unsaved', key))).toMatchObject({ ok: true, value: { name: 'A’s unsaved design' } });
  });

  it('forgets the person’s work (logout), then answers no more operations', async () => {
    const database = `sdk-journal-${databases++}`;
    const journal = new PersonJournal(async () => keyOf(1), 0, code, database);
    await journal.answer(ask('record', 'D1', { ...draft('Saved once'), designId: 'D1', baseRevision: 1 }));
    await journal.forget();
    expect(await journal.answer(ask('entry', 'D1'))).toMatchObject({ ok: false, error: { code: 'journal_unavailable' } });
    const next = new PersonJournal(async () => keyOf(1), 0, code, database);
    expect(await next.answer(ask('entry', 'D1'))).toEqual({ ok: true, value: undefined });
  });

  it('works without a journal when the service gives no key, and asks again at the next need', async () => {
    const journalKey = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(keyOf(1));
    const journal = new PersonJournal(journalKey, 0, code, `sdk-journal-${databases++}`);
    expect(await journal.answer(ask('open'))).toEqual({ ok: false, error: { code: 'journal_unavailable', message: 'offline' } });
    expect(await journal.answer(ask('entry', 'D1'))).toEqual({ ok: true, value: undefined });
  });

  it('works without a journal when its code does not load, and loads it at the next need', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('network away')).mockImplementation(code);
    const journal = new PersonJournal(async () => keyOf(1), 0, load, `sdk-journal-${databases++}`);
    expect(await journal.answer(ask('open'))).toMatchObject({ ok: false, error: { code: 'journal_unavailable' } });
    expect(await journal.answer(ask('entry', 'D1'))).toEqual({ ok: true, value: undefined });
  });
});
