import { type ErasureTarget, PERSON_TABLES, type PersonTable } from '@embed/data-access';
import { erasePerson, type ErasureStore } from './erase-person';

const target: ErasureTarget = { projectId: 'prj_1', environment: 'test', personId: 'psn_1' };
const deletedPrefixes: string[] = [];
const files = { deletePrefix: async (prefix: string) => void deletedPrefixes.push(prefix) };

/** A database holding `rows` rows of the person per table; records every call in order. */
function fakeStore(rows: Partial<Record<PersonTable, number>>, finished = true) {
  const left = { ...rows };
  const calls: string[] = [];
  const store: ErasureStore = {
    deleteBatch: async (table, _target, limit) => {
      const deleted = Math.min(limit, left[table] ?? 0);
      left[table] = (left[table] ?? 0) - deleted;
      calls.push(`${table}:${deleted}`);
      return deleted;
    },
    finish: async () => {
      calls.push('finish');
      return finished;
    },
  };
  return { store, calls, left };
}

describe('erasePerson', () => {
  it('empties every table of the person in batches, in order, then finishes', async () => {
    const { store, calls, left } = fakeStore({ Design: 5, OutboxEvent: 4 });
    await expect(erasePerson(store, files, target, 2)).resolves.toBe(true);
    expect(Object.values(left).every((n) => n === 0)).toBe(true);
    expect(calls).toEqual([
      'Design:2',
      'Design:2',
      'Design:1',
      'Image:0',
      'ExportRecord:0',
      'OutboxEvent:2',
      'OutboxEvent:2',
      'OutboxEvent:0',
      'WebhookDelivery:0',
      'EditorToken:0',
      'finish',
    ]);
    expect(deletedPrefixes).toEqual(['exports/prj_1/test/psn_1/', 'images/prj_1/test/psn_1/']);
  });

  it('covers every table that holds rows of a person', () => {
    expect([...PERSON_TABLES].sort()).toEqual(['Design', 'EditorToken', 'ExportRecord', 'Image', 'OutboxEvent', 'WebhookDelivery']);
  });

  it('says so when the person was already gone (a run again after a crash writes no second event)', async () => {
    const { store } = fakeStore({}, false);
    await expect(erasePerson(store, files, target, 100)).resolves.toBe(false);
  });

  it('fails, so that BullMQ retries, when a batch fails', async () => {
    const { store } = fakeStore({ Design: 1 });
    store.deleteBatch = async () => {
      throw new Error('connection lost');
    };
    await expect(erasePerson(store, files, target, 100)).rejects.toThrow('connection lost');
  });
});
