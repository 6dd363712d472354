import fc from 'fast-check';
import { isLedgerKey } from '@embed/storage';
import { ledgerEntryKey, ledgerKeyBefore, ledgerSubject, parseLedgerEntry } from './ledger-entry';
import { peopleToEraseAgain } from './people-to-erase-again';

const KEY = 'a-ledger-key-of-at-least-32-characters!!';
const ada = { projectId: 'prj_1', environment: 'live' as const, userId: 'user-ada' };

describe('the erasure ledger', () => {
  it('names a person by a keyed hash that holds none of their ids', () => {
    const subject = ledgerSubject(KEY, ada);
    expect(subject).toMatch(/^[0-9a-f]{64}$/);
    expect(subject).toBe(ledgerSubject(KEY, { ...ada }));
    expect(ledgerSubject('another-key-of-at-least-32-characters!!', ada)).not.toBe(subject);
    expect(ledgerSubject(KEY, { ...ada, environment: 'test' })).not.toBe(subject);
    expect(ledgerSubject(KEY, { ...ada, projectId: 'prj_2' })).not.toBe(subject);
  });

  it('keeps ids apart however they split: no two people share a subject', () => {
    // "a\0b" + "c" and "a" + "b\0c" would collide if the separator could occur in an id; it cannot (storable-json refuses NUL).
    expect(ledgerSubject(KEY, { ...ada, projectId: 'prj_1x', userId: 'y' })).not.toBe(ledgerSubject(KEY, { ...ada, projectId: 'prj_1', userId: 'xy' }));
  });

  it('orders entry keys by time, and a key before a time sorts before every entry written from then on', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), fc.integer({ min: 1, max: 10 ** 9 }), (at, laterBy) => {
        const subject = ledgerSubject(KEY, ada);
        const earlier = ledgerEntryKey({ subject, erasedAt: at.toISOString() });
        const later = ledgerEntryKey({ subject, erasedAt: new Date(at.getTime() + laterBy).toISOString() });
        expect(earlier < later).toBe(true);
        expect(ledgerKeyBefore(at) < earlier).toBe(true);
        expect(isLedgerKey(earlier)).toBe(true);
      }),
    );
  });

  it('reads back only well-formed entries', () => {
    const entry = { projectId: 'prj_1', environment: 'live', subject: ledgerSubject(KEY, ada), erasedAt: '2026-11-23T23:50:01.123Z' };
    expect(parseLedgerEntry(Buffer.from(JSON.stringify(entry)))).toEqual(entry);
    for (const bad of [{ ...entry, environment: 'prod' }, { ...entry, subject: 'user-ada' }, { ...entry, erasedAt: 'yesterday' }, null, 'text']) {
      expect(parseLedgerEntry(Buffer.from(JSON.stringify(bad)))).toBeNull();
    }
    expect(parseLedgerEntry(Buffer.from('{not json'))).toBeNull();
  });

  it('finds exactly the people its entries name, in their own project and environment', () => {
    const entries = [{ projectId: 'prj_1', environment: 'live' as const, subject: ledgerSubject(KEY, ada), erasedAt: '2026-11-23T00:00:00.000Z' }];
    const people = [
      { ...ada, personId: 'per_ada' },
      { ...ada, environment: 'test' as const, personId: 'per_ada_test' },
      { ...ada, projectId: 'prj_2', personId: 'per_ada_other_project' },
      { ...ada, userId: 'user-bob', personId: 'per_bob' },
    ];
    expect(peopleToEraseAgain(KEY, entries, people).map((person) => person.personId)).toEqual(['per_ada']);
  });
});
