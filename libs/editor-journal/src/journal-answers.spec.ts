import 'fake-indexeddb/auto';
import { Journal } from './journal';
import { answerJournal } from './journal-answers';
import { JournalKeys } from './journal-keys';

let databases = 0;
const request = (op: string, args: unknown) => ({ op, args });
const openFresh = async () => Journal.open(await JournalKeys.derive(new Uint8Array(32)), `answers-test-${databases++}`);

describe('answerJournal', () => {
  it('opens with the draft key and runs the protocol’s operations on the journal', async () => {
    const journal = openFresh();
    expect(await answerJournal(() => journal, request('open', []), () => 'draft:tab:0')).toEqual({ ok: true, value: { draftKey: 'draft:tab:0' } });
    expect(await answerJournal(() => journal, request('entry', ['D1']), () => 'unused')).toEqual({ ok: true, value: undefined });
    (await journal).close();
  });

  it.each([
    ['an operation the frame may not ask for', 'forget', ['D1']],
    ['a method every object has', 'constructor', []],
    ['arguments that are no list', 'entry', 'D1'],
  ])('refuses %s', async (_name, op, args) => {
    const journal = openFresh();
    expect(await answerJournal(() => journal, request(op, args), () => 'draft:tab:0')).toEqual({
      ok: false,
      error: { code: 'journal_unavailable', message: `There is no journal operation ${op}.` },
    });
    (await journal).close();
  });

  it('answers every operation with the error when the page’s IndexedDB fails', async () => {
    const refused = () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    for (const op of ['open', 'record']) {
      expect(await answerJournal(refused, request(op, []), () => 'draft:tab:0')).toEqual({
        ok: false,
        error: { code: 'journal_unavailable', message: 'The quota has been exceeded.' },
      });
    }
  });
});
