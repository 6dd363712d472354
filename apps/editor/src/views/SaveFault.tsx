import type { EditorStore } from '../state/editor-store';
import { goToFinding } from './go-to-finding';
import { useTranslator } from './i18n';
import { faultedBlock } from './save-fault-words';
import { useStoreValues } from './use-store';

/** A save refused for a block's fault: takes the person to the block, selected and focused. */
export function SaveFault({ store }: { store: EditorStore }) {
  const { t } = useTranslator();
  const [state, error, doc] = useStoreValues(store, (s) => [s.saveState, s.saveError, s.doc] as const);
  const fault = state === 'failed' ? faultedBlock(doc, error) : null;
  if (!fault) return null;
  return (
    <button type="button" class="link" onClick={() => goToFinding(store, { kind: 'block', path: fault.path })}>
      {t('save.goToBlock')}
    </button>
  );
}
