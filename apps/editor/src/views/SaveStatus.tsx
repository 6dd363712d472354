import type { PlainKey } from '../i18n';
import type { EditorStore, SaveDisplay } from '../state/editor-store';
import { useTranslator } from './i18n';
import { saveFailureWords } from './save-fault-words';
import { useStoreValues } from './use-store';

const WORDS: Record<Exclude<SaveDisplay, 'failed'>, PlainKey> = {
  saved: 'save.state.saved',
  unsaved: 'save.state.unsaved',
  saving: 'save.state.saving',
  offline: 'save.state.offline',
  offlineUnkept: 'save.state.offlineUnkept',
  conflict: 'save.state.conflict',
  new: 'save.state.new',
  readOnly: 'save.state.readOnly',
};

/** Where saving stands, at all times, announced politely to screen readers. */
export function SaveStatus({ store }: { store: EditorStore }) {
  const translator = useTranslator();
  const [state, error, doc] = useStoreValues(store, (s) => [s.saveState, s.saveError, s.doc] as const);
  const words = state === 'failed' ? saveFailureWords(translator, doc, error) : translator.t(WORDS[state]);
  return (
    <span class={`save-state ${state}`} role="status" aria-live="polite">
      {words}
    </span>
  );
}
