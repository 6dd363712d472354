export { Journal, JOURNAL_DATABASE } from './journal';
export { answerJournal, type JournalAnswer } from './journal-answers';
