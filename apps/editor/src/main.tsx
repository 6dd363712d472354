// The editor app, in an iframe on the service's origin: it holds no token and calls the
// API only through the SDK in the host page (libs/editor-protocol), and keeps its journal
// of unsaved changes in the host page's IndexedDB through the SDK too.
import type { BrandKit } from '@embed/contracts';
import type { DesignDocument, DesignMode } from '@embed/design-document/model';
import { blankDesign } from '@embed/editor-core';
import type { EditorError, EditorOptions, SavedDesign } from '@embed/editor-protocol';
import { render } from 'preact';
import { checksHere, checksInWorker } from './checks/run-checks';
import { createTranslator, type Translator } from './i18n';
import { HtmlSanitizerContext, sanitizerInWorker } from './canvas/html-sanitizer';
import { ChangeReporter } from './services/change-reporter';
import { runCommand } from './services/commands';
import { ApiFailure, EditorApi, type StoredDesign } from './services/editor-api';
import { HostBridge } from './services/host-bridge';
import { HostJournal } from './services/host-journal';
import { SaveWatch } from './services/save-watch';
import { brandedBlank } from './state/brand-kit';
import { DesignChecks } from './state/design-checks';
import { EditorStore } from './state/editor-store';
import { mergeTagChoices } from './state/merge-tags';
import { isOwnSave, type OpenedDesign, opening } from './state/opening';
import { labelMergeTagChips } from './canvas/merge-tag-chips';
import { App } from './views/App';
import { BrandKitContext } from './views/brand-kit-context';
import { builtInMergeTags } from './views/built-in-merge-tags';
import { TranslatorContext } from './views/i18n';
import { MergeTagsContext } from './views/merge-tags-context';
import './styles.css';

/** The checks worker's file, as the build named it on the page's script (read now: the script is current only while it first runs). */
const checksWorker = document.currentScript?.dataset.checksWorker;
/** The html blocks' sanitizer worker's file, likewise. */
const htmlWorker = document.currentScript?.dataset.htmlWorker;
/** The import worker's file, named the same way (imports/run-import.ts starts it for each import). */
const importWorker = document.currentScript?.dataset.importWorker;

/** The host page's journal, unless read-only (nothing to keep) or the page has no IndexedDB: then the editor works without one. */
async function openJournal(bridge: HostBridge, readOnly: boolean): Promise<HostJournal | null> {
  return readOnly ? null : HostJournal.open((op, args) => bridge.journal(op, args));
}

/**
 * The design to open, with what the journal kept of it. A design's journal entry is read
 * only once the service has given this person the design: an entry is never shown to
 * someone the design is not theirs. A new design starts from the project's template the
 * page named (`templateId`), or the document it passed (`template`), or else blank in the
 * project's `mode`, which the service told with the session, in the project's brand kit.
 */
async function openDesign(api: EditorApi, options: EditorOptions, mode: DesignMode, kit: BrandKit | null, journalOpening: Promise<HostJournal | null>, { t }: Translator) {
  // One of the project's templates, read before anything else: a template that is not there fails the mount (404 template_not_found).
  const template = !options.designId && options.templateId ? await api.getTemplate(options.templateId) : null;
  const fresh = () => {
    const blank = () => blankDesign(mode, t('design.untitledTitle'));
    const doc = template?.doc ?? (options.template as DesignDocument | undefined) ?? (kit ? brandedBlank(blank(), kit) : blank());
    return { doc, name: options.name ?? template?.name ?? doc.name ?? t('design.untitled') };
  };
  if (options.designId) {
    const server = await api.getDesign(options.designId);
    const journal = await journalOpening;
    const entry = await journal?.entry(server.id).catch(() => undefined);
    return { opened: opening(server, entry, fresh(), isOwnSave(server, entry)), journal: journal && { journal, key: server.id } };
  }
  const journal = await journalOpening;
  // A draft of another mode (a blank email the editor once started in this project) could never be saved here.
  const entry = await journal?.unsaved(journal.draftKey).then((draft) => (draft?.doc.mode === mode ? draft : undefined), () => undefined);
  return { opened: opening(null, entry, fresh()), journal: journal && { journal, key: journal.draftKey } };
}

/**
 * A new design that starts blank, not a recovered draft nor one the page gave a start:
 * the person is offered the project's templates (if it has any) before they begin.
 */
const offersTemplates = (options: EditorOptions, readOnly: boolean, opened: OpenedDesign) =>
  !readOnly && !options.designId && !options.templateId && options.template === undefined && opened.recoveredAt === null;

/** The browser's network, a file dropped where nothing takes it, and the page going away, told to the store of the design shown. */
function watchBrowser(shown: () => EditorStore): void {
  window.addEventListener('online', () => shown().online());
  window.addEventListener('offline', () => shown().offline());
  window.addEventListener('pagehide', () => shown().flushJournal());
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && shown().flushJournal());
  // A drop nothing in the editor took (anywhere read-only) is refused, never opened by the browser in the frame.
  window.addEventListener('dragover', (event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
  });
  window.addEventListener('drop', (event) => event.preventDefault());
}

/** The loading state index.html paints at once goes when the editor shows, or could not open. */
const loaded = () => document.getElementById('loading')?.remove();

async function start(): Promise<void> {
  const bridge = new HostBridge();
  const options = await bridge.connect();
  const api = new EditorApi(bridge);
  const translator = createTranslator(options.locale);
  let opened;
  let readOnly: boolean;
  // The brand kit is read beside the session; without it (a failed read) the editor works as for a project with none.
  const kitReading = api.getBrandKit().catch(() => null);
  let kit: BrandKit | null;
  try {
    // The service, not the page, says what the token allows (and that it works from this
    // page): a read token mounts read-only whatever the page asked.
    const session = await api.session();
    readOnly = options.readOnly === true || session.access === 'read';
    kit = await kitReading;
    opened = await openDesign(api, options, session.mode, kit, openJournal(bridge, readOnly), translator);
  } catch (error) {
    const failure = error instanceof ApiFailure ? error : new ApiFailure('editor_failed', String(error), 0, null);
    loaded();
    bridge.emit('error', { code: failure.code, message: failure.message });
    return;
  }
  const changes = new ChangeReporter(() => bridge.emit('change', {}));
  const storeEvents = {
    change: () => changes.changed(),
    save: (saved: SavedDesign) => {
      changes.flush();
      bridge.emit('save', saved);
    },
    error: (error: EditorError) => {
      changes.flush();
      bridge.emit('error', error);
    },
  };
  document.documentElement.lang = translator.locale;
  document.title = translator.t('editor.title');
  const mergeTags = mergeTagChoices(options.mergeTags, builtInMergeTags(translator), translator.t('mergeTag.builtInGroup'));
  const root = document.getElementById('editor') as HTMLElement;
  const sanitizer = htmlWorker ? sanitizerInWorker(htmlWorker) : null;
  /** The design the editor shows: its store, its checks, and the watch for saves made elsewhere (read-only too: it shows them). */
  let shown: { store: EditorStore; checks: DesignChecks; watch: SaveWatch } | undefined;

  /** Shows a design: its store, checks and views in place of the design shown before, which is closed (its journal kept). */
  const show = (design: typeof opened, offerTemplates: boolean, notice: string | null) => {
    if (shown) {
      shown.store.close();
      shown.checks.dispose();
      shown.watch.stop();
    }
    const store = new EditorStore(design.opened, api, storeEvents, { readOnly, journal: design.journal, brandKit: kit });
    const checks = new DesignChecks(store, api, checksWorker ? checksInWorker(checksWorker) : checksHere, undefined, kit?.colors);
    shown = { store, checks, watch: new SaveWatch(api, store) };
    render(
      <TranslatorContext.Provider value={translator}>
        <BrandKitContext.Provider value={kit}>
          <MergeTagsContext.Provider value={mergeTags.choices}>
            <HtmlSanitizerContext.Provider value={sanitizer}>
              <App
                key={store.id ?? 'new'}
                store={store}
                api={api}
                checks={checks}
                importWorker={importWorker}
                offerTemplates={offerTemplates}
                openDesign={openCreated}
                notice={notice}
              />
            </HtmlSanitizerContext.Provider>
          </MergeTagsContext.Provider>
        </BrandKitContext.Provider>
      </TranslatorContext.Provider>,
      root,
    );
    return shown;
  };

  /** A design the person just made here (Import's "Save as a new design"): the editor opens it, and the page hears of it as a save. */
  const openCreated = (created: StoredDesign) => {
    const journal = opened.journal && { journal: opened.journal.journal, key: created.id };
    const { store, watch } = show({ opened: opening(created, undefined, created), journal }, false, translator.t('import.openedAsNew', { name: created.name }));
    store.start();
    watch.start();
    storeEvents.save({ designId: created.id, revision: created.revision });
  };

  const first = show(opened, offersTemplates(options, readOnly, opened.opened), null);
  const current = () => shown?.store ?? first.store;
  bridge.onCommand((name, args) => runCommand(current(), api, name, args).finally(() => changes.flush()));
  watchBrowser(current);
  labelMergeTagChips(root, mergeTags.choices);
  loaded();
  bridge.emit('ready', { designId: first.store.id });
  // After ready: an entry left out does not fail the mount, the page is told of it.
  for (const problem of mergeTags.problems) bridge.emit('error', { code: 'options_invalid', message: problem });
  first.store.start();
  first.watch.start();
}

void start();
