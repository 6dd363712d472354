export { type LedgerEntry, ledgerEntryKey, ledgerKeyBefore, type LedgerPerson, ledgerSubject, parseLedgerEntry } from './ledger-entry';
export { peopleToEraseAgain, type StoredPerson } from './people-to-erase-again';
