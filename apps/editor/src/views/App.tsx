import { useEffect, useState } from 'preact/hooks';
import type { BlockPath } from '@embed/editor-core';
import { Canvas } from '../canvas/Canvas';
import type { EditorApi, StoredDesign } from '../services/editor-api';
import type { DesignChecks } from '../state/design-checks';
import type { EditorStore } from '../state/editor-store';
import { ChecksPanel } from './ChecksPanel';
import { ConflictDialog } from './ConflictDialog';
import { ExportDialog } from './ExportDialog';
import { ImportDialog } from './ImportDialog';
import { FormatBar } from './FormatBar';
import { useTranslator } from './i18n';
import { Preview } from './Preview';
import { ImageLibrary } from './ImageLibrary';
import { PropertyPanel } from './PropertyPanel';
import { RefusalNotice } from './RefusalNotice';
import { RestorePoints } from './RestorePoints';
import { RowsPanel } from './RowsPanel';
import { BlocksToolbar, LayoutsToolbar } from './Toolbar';
import { TemplateGallery } from './TemplateGallery';
import { type DialogName, TopBar } from './TopBar';
import { useStoreValues } from './use-store';

/**
 * Ctrl/Cmd+S saves, Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redoes, wherever the
 * focus is. Read-only, they do nothing (not even the browser's own save or undo).
 */
function useShortcuts(store: EditorStore): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key !== 's' && key !== 'z' && key !== 'y') return;
      // Our history, not the browser's: it covers every change, typing included.
      event.preventDefault();
      if (store.readOnly) return;
      if (key === 's') void store.save().catch(() => undefined);
      else if (key === 'y' || event.shiftKey) store.redo();
      else store.undo();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [store]);
}

/** Changes journaled while recovering from a crash or a closed tab: said once, until dismissed. */
function RecoveredNotice({ store }: { store: EditorStore }) {
  const { t, formatDate } = useTranslator();
  const [recoveredAt] = useStoreValues(store, (s) => [s.recoveredAt] as const);
  if (recoveredAt === null) return null;
  return (
    <div class="notice" role="status">
      <span>{t('journal.restored', { time: formatDate(recoveredAt) })}</span>
      <button type="button" onClick={() => store.dismissRecovered()}>
        {t('notice.dismiss')}
      </button>
    </div>
  );
}

/** Said once when the editor opened this design in place of another (a design saved from Import), until dismissed. */
function OpenedNotice({ words }: { words: string | null }) {
  const { t } = useTranslator();
  const [shown, setShown] = useState(words !== null);
  if (!shown || words === null) return null;
  return (
    <div class="notice" role="status">
      <span>{words}</span>
      <button type="button" onClick={() => setShown(false)}>
        {t('notice.dismiss')}
      </button>
    </div>
  );
}

/** Another tab or person saved the design, which shows their version now (one undo away). */
function UpdatedElsewhereNotice({ store }: { store: EditorStore }) {
  const { t } = useTranslator();
  const [revision] = useStoreValues(store, (s) => [s.updatedElsewhere] as const);
  if (revision === null) return null;
  return (
    <div class="notice" role="status">
      <span>{t(store.readOnly ? 'elsewhere.updatedReadOnly' : 'elsewhere.updated', { revision })}</span>
      <button type="button" onClick={() => store.dismissUpdatedElsewhere()}>
        {t('notice.dismiss')}
      </button>
    </div>
  );
}

/**
 * The editor's layout: the top bar, the toolbars, the canvas and the side panels
 * (properties and checks), and the dialog open over them (at first, for a new design, the
 * gallery of the project's templates). Each part reads the store it is
 * given and renders again only when what it shows changed; the canvas's rows and blocks
 * skip rendering when their part of the document did not change. Read-only, the editing
 * controls are not there at all.
 */
export function App({
  store,
  api,
  checks,
  importWorker,
  offerTemplates = false,
  openDesign,
  notice = null,
}: {
  store: EditorStore;
  api: EditorApi;
  checks: DesignChecks;
  importWorker?: string;
  offerTemplates?: boolean;
  /** Opens a design the person just made here in this one's place. */
  openDesign: (design: StoredDesign) => void;
  /** Words said once as the design shows (why it is this design). */
  notice?: string | null;
}) {
  const [mode] = useStoreValues(store, (s) => [s.doc.mode] as const);
  useShortcuts(store);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [imageLibrary, setImageLibrary] = useState<BlockPath | null>(null);
  const close = () => setDialog(null);
  const { readOnly } = store;
  return (
    <div class={`editor${readOnly ? ' read-only' : ''}`}>
      <TopBar store={store} open={setDialog} />
      <OpenedNotice words={notice} />
      <RecoveredNotice store={store} />
      <UpdatedElsewhereNotice store={store} />
      {!readOnly && (
        <div class="toolbars">
          <BlocksToolbar store={store} mode={mode} />
          <LayoutsToolbar store={store} />
        </div>
      )}
      <RefusalNotice store={store} place="toolbar" />
      {!readOnly && <FormatBar />}
      <div class="workspace">
        <Canvas store={store} />
        <div class="side-panels">
          {!readOnly && <PropertyPanel store={store} onImageLibrary={setImageLibrary} />}
          {!readOnly && <RowsPanel store={store} api={api} />}
          <ChecksPanel checks={checks} store={store} />
        </div>
      </div>
      {(dialog === 'desktop' || dialog === 'phone' || dialog === 'dark') && <Preview store={store} api={api} kind={dialog} onClose={close} />}
      {dialog === 'restore' && <RestorePoints store={store} api={api} onClose={close} />}
      {dialog === 'export' && <ExportDialog store={store} api={api} onClose={close} />}
      {dialog === 'import' && <ImportDialog store={store} api={api} workerUrl={importWorker} onClose={close} openDesign={openDesign} />}
      <ConflictDialog store={store} />
      {offerTemplates && <TemplateGallery store={store} api={api} />}
      {imageLibrary && <ImageLibrary store={store} api={api} path={imageLibrary} onClose={() => setImageLibrary(null)} />}
    </div>
  );
}
