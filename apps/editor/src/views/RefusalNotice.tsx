import { refusalWords } from '../i18n';
import type { EditorStore } from '../state/editor-store';
import type { RefusalPlace } from '../state/refusals';
import { useTranslator } from './i18n';
import { useStoreValues } from './use-store';

/**
 * What the editor refused (an image too large, a full column...), said where the person
 * acted, in their language, until they dismiss it or an edit succeeds. The integrator's
 * `error` handler hears it too, in the error's own words.
 */
export function RefusalNotice({ store, place }: { store: EditorStore; place: RefusalPlace }) {
  const translator = useTranslator();
  const [refusal] = useStoreValues(store, (s) => [s.refusal] as const);
  if (refusal?.place !== place) return null;
  return (
    <div key={refusal.token} class={`refusal refusal-${place}`} role="alert">
      <span>{refusalWords(translator, refusal.cause)}</span>
      <button type="button" onClick={() => store.dismissRefusal()}>
        {translator.t('notice.dismiss')}
      </button>
    </div>
  );
}
