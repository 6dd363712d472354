import type { EditorStore } from '../state/editor-store';
import { useTranslator } from './i18n';
import type { PreviewKind } from './Preview';
import { DeviceSwitch } from './DeviceSwitch';
import { LanguageSwitch } from './LanguageSwitch';
import { SaveFault } from './SaveFault';
import { SaveStatus } from './SaveStatus';
import { useStoreValues } from './use-store';

export type DialogName = PreviewKind | 'restore' | 'export' | 'import';

/** The design's name, history, previews, restore points, export and saving; read-only, what changes nothing. */
export function TopBar({ store, open }: { store: EditorStore; open: (dialog: DialogName) => void }) {
  const { t } = useTranslator();
  const { readOnly } = store;
  const [name, canUndo, canRedo, mode] = useStoreValues(store, (s) => [s.name, s.history.canUndo, s.history.canRedo, s.doc.mode] as const);
  return (
    <header class="topbar">
      {readOnly ? (
        <span class="design-name static">{name}</span>
      ) : (
        <input
          class="design-name"
          type="text"
          aria-label={t('topbar.designName')}
          maxLength={200}
          value={name}
          onInput={(event) => store.dispatch({ type: 'rename', name: event.currentTarget.value || undefined }, { coalesceKey: 'rename' })}
        />
      )}
      {!readOnly && (
        <div class="topbar-group" role="group" aria-label={t('topbar.history')}>
          <button type="button" onClick={() => store.undo()} aria-disabled={!canUndo} aria-keyshortcuts="Control+Z">
            {t('topbar.undo')}
          </button>
          <button type="button" onClick={() => store.redo()} aria-disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z">
            {t('topbar.redo')}
          </button>
        </div>
      )}
      <DeviceSwitch store={store} />
      <LanguageSwitch store={store} />
      <div class="topbar-group" role="group" aria-label={t('topbar.view')}>
        <button type="button" onClick={() => open('desktop')}>
          {t('preview.desktop')}
        </button>
        <button type="button" onClick={() => open('phone')}>
          {t('preview.phone')}
        </button>
        {mode === 'email' && (
          <button type="button" onClick={() => open('dark')}>
            {t('preview.dark')}
          </button>
        )}
        <button type="button" onClick={() => open('restore')}>
          {t('restore.title')}
        </button>
        {!readOnly && (
          <button type="button" onClick={() => open('import')}>
            {t('import.title')}
          </button>
        )}
        <button type="button" onClick={() => open('export')}>
          {t('export.title')}
        </button>
      </div>
      <SaveStatus store={store} />
      <SaveFault store={store} />
      {!readOnly && (
        <button type="button" class="primary" onClick={() => void store.save().catch(() => undefined)} aria-keyshortcuts="Control+S">
          {t('topbar.save')}
        </button>
      )}
    </header>
  );
}
