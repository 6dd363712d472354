import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { createTranslator, type Translator } from '../i18n';

/** The editor's words in its locale (mount's `locale`), for every view. */
export const TranslatorContext = createContext<Translator>(createTranslator('en'));

export const useTranslator = (): Translator => useContext(TranslatorContext);
