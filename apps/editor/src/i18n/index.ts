export { errorWords } from './errors';
export { refusalWords } from './refusals';
export { findingWords } from './findings';
export { importWarningWords } from './import-warnings';
export { sourceUnreadableWords } from './import-unreadable';
export { CATALOGUES, createTranslator, LOCALES, resolveLocale, type Locale, type MessageKey, type ParamsOf, type PlainKey, type Translator } from './translate';
