import type { ErasureTarget, LedgerRecord, PersonTable } from '@embed/data-access';
import { erasePerson, type ErasureStore, type LedgerWriter } from './erase-person';

const target: ErasureTarget = { projectId: 'prj_1', environment: 'test', personId: 'psn_1' };
const deletedPrefixes: string[] = [];
const files = { deletePrefix: async (prefix: string) => void deletedPrefixes.push(prefix) };

/** A database holding `rows` rows of the person per table (none and no person when `gone`); records every call in order. */
function fakeStore(rows: Partial<Record<PersonTable, number>>, gone = false) {
  const left = { ...rows };
  const calls: string[] = [];
  const entry: LedgerRecord = { key: 'erasure-ledger/20261123T000000000Z-abc.json', erasedAt: new Date('2026-11-23T00:00:00Z') };
  const writeLedger: LedgerWriter = async (_target, userId) => {
    calls.push(`ledger:${userId}`);
    return entry;
  };
  const store: ErasureStore = {
    deleteBatch: async (table, _target, limit) => {
      const deleted = Math.min(limit, left[table] ?? 0);
      left[table] = (left[table] ?? 0) - deleted;
      calls.push(`${table}:${deleted}`);
      return deleted;
    },
    erasingUserId: async () => (gone ? null : 'user-1'),
    finish: async (_target, ledger) => {
      calls.push(`finish:${ledger.key}`);
      return true;
    },
  };
  return { store, writeLedger, calls, left, entry };
}

describe('erasePerson', () => {
  it('empties every table of the person in batches, in order, stores the ledger entry, then finishes recording it', async () => {
    const { store, writeLedger, calls, left, entry } = fakeStore({ Design: 5, OutboxEvent: 4 });
    await expect(erasePerson(store, files, writeLedger, target, 2)).resolves.toBe(true);
    expect(Object.values(left).every((n) => n === 0)).toBe(true);
    expect(calls).toEqual([
      'Design:2',
      'Design:2',
      'Design:1',
      'Image:0',
      'ExportRecord:0',
      'SavedRow:0',
      'OutboxEvent:2',
      'OutboxEvent:2',
      'OutboxEvent:0',
      'WebhookDelivery:0',
      'EditorToken:0',
      'ledger:user-1',
      `finish:${entry.key}`,
    ]);
    expect(deletedPrefixes).toEqual(['exports/prj_1/test/psn_1/', 'images/prj_1/test/psn_1/', 'staging/prj_1/test/psn_1/']);
  });

  it('says so when the person was already gone, with no second ledger entry or event (a run again after a crash)', async () => {
    const { store, writeLedger, calls } = fakeStore({}, true);
    await expect(erasePerson(store, files, writeLedger, target, 100)).resolves.toBe(false);
    expect(calls.filter((call) => !/^\w+:0$/.test(call))).toEqual([]);
  });

  it('fails, so that BullMQ retries, when a batch fails', async () => {
    const { store, writeLedger } = fakeStore({ Design: 1 });
    store.deleteBatch = async () => {
      throw new Error('connection lost');
    };
    await expect(erasePerson(store, files, writeLedger, target, 100)).rejects.toThrow('connection lost');
  });
});
