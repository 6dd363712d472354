export { Journal, JOURNAL_DATABASE, SAVED_KEEP_MS, UNSAVED_KEEP_MS } from './journal';
export { JournalKeys, keyBytes } from './journal-keys';
export { answerJournal, type JournalAnswer } from './journal-answers';
