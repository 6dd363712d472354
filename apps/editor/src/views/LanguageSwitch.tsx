import { designLanguages } from '@embed/design-document/model';
import { useState } from 'preact/hooks';
import type { EditorStore } from '../state/editor-store';
import { useTranslator } from './i18n';
import { useStoreValues } from './use-store';

/** A language's name in the interface's language (mount's `locale`), with its tag: "French (fr)". */
function languageName(tag: string, locale: string): string {
  try {
    return `${new Intl.DisplayNames([locale], { type: 'language' }).of(tag) ?? tag} (${tag})`;
  } catch {
    return tag;
  }
}

/**
 * The language the design's texts are edited in, among the design's own, and a language
 * to add (its texts copied from the default language as a start). The interface keeps its
 * own language: this one is the design's.
 */
export function LanguageSwitch({ store }: { store: EditorStore }) {
  const { t, locale } = useTranslator();
  const [doc, language] = useStoreValues(store, (s) => [s.doc, s.language] as const);
  const [adding, setAdding] = useState('');
  const languages = designLanguages(doc);
  const add = () => {
    const tag = adding.trim();
    if (tag && store.dispatch({ type: 'addLanguage', language: tag })) {
      store.setLanguage(tag);
      setAdding('');
    }
  };
  return (
    <div class="topbar-group language-switch" role="group" aria-label={t('language.group')}>
      <label>
        {t('language.editing')}{' '}
        <select value={language} onChange={(event) => store.setLanguage(event.currentTarget.value)}>
          {languages.map((tag, i) => (
            <option key={tag} value={tag}>
              {i === 0 ? t('language.default', { language: languageName(tag, locale) }) : languageName(tag, locale)}
            </option>
          ))}
        </select>
      </label>
      {!store.readOnly && (
        <>
          <input type="text" size={6} aria-label={t('language.new')} placeholder="fr" value={adding} onInput={(event) => setAdding(event.currentTarget.value)} onKeyDown={(event) => event.key === 'Enter' && add()} />
          <button type="button" onClick={add}>
            {t('language.add')}
          </button>
        </>
      )}
    </div>
  );
}
