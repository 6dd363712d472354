import { type LedgerEntry, type LedgerPerson, ledgerSubject } from './ledger-entry';

export interface StoredPerson extends LedgerPerson {
  personId: string;
}

/**
 * The people of `people` that ledger entries say were erased: the database holding them
 * was restored from a backup taken before their erasure. Matched by recomputing each
 * person's keyed hash, since the ledger holds nothing else that could find them.
 */
export function peopleToEraseAgain<P extends StoredPerson>(key: string, entries: readonly LedgerEntry[], people: readonly P[]): P[] {
  const erased = new Set(entries.map((entry) => `${entry.projectId}\0${entry.environment}\0${entry.subject}`));
  return people.filter((person) => erased.has(`${person.projectId}\0${person.environment}\0${ledgerSubject(key, person)}`));
}
