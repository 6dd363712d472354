import type { DesignDocument } from '@embed/design-document/model';
import { blockAt, type BlockPath, type Command, defaultLanguage, type Device, EditorHistory, inLanguageCommand, languageView, findBlock, keyOf, newBlock, type SaveState, type ServerDesign, type SaveStatus } from '@embed/editor-core';
import { type EditorError, editorError, type JournalCalls, type SavedDesign } from '@embed/editor-protocol';
import { ApiFailure, type EditorApi } from '../services/editor-api';
import { JournalWriter } from '../services/journal-writer';
import type { OpenedDesign } from './opening';
import { Saving } from './saving';

export type Selection = { kind: 'block'; path: BlockPath } | { kind: 'row'; row: number } | { kind: 'column'; row: number; column: number } | { kind: 'body' } | null;
/** What the save state shows: the machine's status, `new` for a design no save has made yet, `readOnly` when nothing is saved. */
/** `offlineUnkept`: offline, and the host page has no journal (its IndexedDB refused or failing), so the changes live only in this page. */
export type SaveDisplay = SaveStatus | 'new' | 'readOnly' | 'offlineUnkept';

export { AUTOSAVE_DELAY_MS } from './saving';

/** What SDK calls get back when the editor is read-only. */
export const READ_ONLY_ERROR = editorError('editor_read_only', 'The editor is read-only (mounted with readOnly: true, or with a token for reading); the design cannot be changed or saved.');

/** Runs `task` once the browser has painted the next frame. */
export function afterNextPaint(task: () => void): void {
  // A task queued from an animation frame callback runs after that frame is painted.
  requestAnimationFrame(() => setTimeout(task, 0));
}

export interface StoreEvents {
  /** The document changed; the host page is told (and sent the document) a moment later. */
  change(): void;
  save(saved: SavedDesign): void;
  error(error: EditorError): void;
}

export interface StoreOptions {
  /** View, preview and export only: no command applies and nothing is saved. */
  readOnly?: boolean;
  /** Where changes are kept until saved (the host page's journal), under the design's key; none read-only or when the page has no IndexedDB. */
  journal?: { journal: JournalCalls; key: string } | null;
  /** How the views are told of typing after the frame that shows it is painted (tests run the tasks themselves). */
  afterPaint?: (task: () => void) => void;
}

/**
 * The editor's state: the design document (changed only through commands, kept in an
 * undo history), the selection, and where saving stands. Views read it and dispatch.
 */
export class EditorStore {
  readonly history: EditorHistory;
  readonly readOnly: boolean;
  selection: Selection = null;
  /** The screen the person edits for. */
  device: Device = 'desktop';
  /** The design's language the person chose to edit in; the default language when null or no longer the design's. */
  private chosenLanguage: string | null = null;
  private view: { doc: DesignDocument; language: string; shown: DesignDocument } | null = null;
  /** The block whose text should take the keyboard focus (one just added); the token changes with each request. */
  focusRequest: { path: BlockPath | null; token: number } = { path: null, token: 0 };
  /** When the journal gave back unsaved changes at opening, until the person dismisses the notice. */
  recoveredAt: number | null;
  private readonly saving: Saving | null;
  private openedDocName: string | undefined;
  private serverName: string;
  /** The design's id when it was opened (the saving state has the current one; read-only, this is it). */
  private readonly openedId: string | null;
  private readonly subscribers = new Set<() => void>();
  private readonly afterPaint: (task: () => void) => void;
  /** The views have not yet been told of a change that the view making it already shows. */
  private viewsBehind = false;

  constructor(
    opened: OpenedDesign,
    private readonly api: EditorApi,
    private readonly events: StoreEvents,
    options: StoreOptions = {},
  ) {
    this.history = opened.history;
    this.serverName = opened.name;
    this.openedDocName = this.doc.name;
    this.readOnly = options.readOnly ?? false;
    this.afterPaint = options.afterPaint ?? afterNextPaint;
    this.recoveredAt = opened.recoveredAt;
    this.openedId = opened.save.designId;
    this.saving = this.readOnly ? null : this.startSaving(opened, options.journal ?? null);
  }

  private startSaving(opened: OpenedDesign, journal: StoreOptions['journal']): Saving {
    const saving: Saving = new Saving(
      opened.save,
      this.api,
      journal
        ? new JournalWriter(journal.journal, journal.key, () => ({
            designId: saving.state.designId,
            baseRevision: saving.state.baseRevision,
            name: this.name,
            doc: this.doc,
            history: this.history.serialize(),
          }))
        : null,
      () => ({ doc: this.doc, name: this.name }),
      { saved: (saved) => this.events.save(saved), failed: (error) => this.events.error(error), changed: () => this.notify() },
    );
    return saving;
  }

  get doc(): DesignDocument {
    return this.history.doc;
  }

  /**
   * The design's name: the service's, until the person renames it here (a rename sets the
   * document's `name`, so that undo covers it too).
   */
  get name(): string {
    return this.doc.name !== this.openedDocName ? (this.doc.name ?? this.serverName) : this.serverName;
  }

  get id(): string | null {
    return this.saving?.state.designId ?? this.openedId;
  }

  get saveState(): SaveDisplay {
    if (!this.saving) return 'readOnly';
    const { status, designId, edit, savedEdit } = this.saving.state;
    if (status === 'offline' && !this.saving.journaled) return 'offlineUnkept';
    return status === 'unsaved' && designId === null && edit === savedEdit ? 'new' : status;
  }

  /** In a conflict: the design as the other tab or person saved it, and the revision this edit started from. */
  get conflict(): { theirs: ServerDesign; baseRevision: number | null } | null {
    const state = this.saving?.state;
    return state?.status === 'conflict' && state.theirs ? { theirs: state.theirs, baseRevision: state.baseRevision } : null;
  }

  /** Why the last save was refused, in the API's code and words. */
  get saveError(): SaveState['error'] | null {
    return this.saving?.state.error ?? null;
  }

  subscribe(listener: () => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  private notify(): void {
    this.viewsBehind = false;
    for (const listener of this.subscribers) listener();
  }

  /**
   * Tells the views once the frame is painted: the person's keystroke shows without
   * waiting for the rest of the editor (the toolbar, the panels, the checks) to catch up.
   */
  private notifyAfterPaint(): void {
    if (this.viewsBehind) return;
    this.viewsBehind = true;
    this.afterPaint(() => {
      if (this.viewsBehind) this.notify();
    });
  }

  /** The language the texts are edited in: a change to a text in another than the default goes to its translation. */
  get language(): string {
    const chosen = this.chosenLanguage;
    return chosen && (this.doc.languages ?? []).includes(chosen) ? chosen : defaultLanguage(this.doc);
  }

  setLanguage(language: string): void {
    this.chosenLanguage = language;
    this.notify();
  }

  /** The design as it reads in the editing language (the same object until the design or the language changes). */
  get shown(): DesignDocument {
    const { doc, language } = this;
    if (this.view?.doc !== doc || this.view.language !== language) this.view = { doc, language, shown: languageView(doc, language) };
    return this.view.shown;
  }

  /** Shows the canvas as that screen lays the design out; on `phone`, the property panel edits the phone overrides. */
  setDevice(device: Device): void {
    this.device = device;
    this.notify();
  }

  select(selection: Selection): void {
    this.selection = selection;
    this.notify();
  }

  /**
   * Applies a command as an undoable step; false (and an error event) when the command
   * cannot apply. `shown`: the view making the change already shows it (typed text), so
   * the other views are told after the next paint.
   */
  dispatch(command: Command, options: { coalesceKey?: string; select?: Selection; focus?: boolean; shown?: boolean } = {}): boolean {
    if (this.readOnly) return this.refuseReadOnly();
    try {
      this.history.apply(inLanguageCommand(this.doc, command, this.language), { coalesceKey: options.coalesceKey });
    } catch (error) {
      this.events.error(editorError('edit_refused', error instanceof Error ? error.message : String(error)));
      return false;
    }
    if (options.select !== undefined) this.selection = options.select;
    if (options.focus && options.select?.kind === 'block') this.focusRequest = { path: options.select.path, token: this.focusRequest.token + 1 };
    this.changed(options.shown);
    return true;
  }

  private refuseReadOnly(): false {
    this.events.error(READ_ONLY_ERROR);
    return false;
  }

  /**
   * Uploads an image (POST /editor/v1/images) and points the image block at it, as one
   * undoable step. The block is found again by its key when the upload is done: blocks may
   * have moved meanwhile, and a block deleted meanwhile takes nothing.
   */
  async uploadImage(at: BlockPath, file: Blob): Promise<void> {
    if (this.readOnly) return void this.refuseReadOnly();
    const key = keyOf(blockAt(this.doc, at));
    try {
      const { url } = await this.api.uploadImage(file);
      const found = findBlock(this.doc, key);
      if (found) this.dispatch({ type: 'patchBlock', at: found.path, patch: { src: url } });
    } catch (error) {
      this.events.error(error instanceof ApiFailure ? { code: error.code, message: error.message } : editorError('upload_failed', String(error)));
    }
  }

  /** An image file dropped on the canvas: a new image block at `at`, filled once the upload is done. */
  async addImage(at: BlockPath, file: Blob): Promise<void> {
    if (this.dispatch({ type: 'insertBlock', at, block: newBlock('image') }, { select: { kind: 'block', path: at } })) await this.uploadImage(at, file);
  }

  /** Takes a restore point's document as one undoable edit, and saves it as a new revision. */
  async restore(doc: DesignDocument): Promise<SavedDesign> {
    if (!this.dispatch({ type: 'replaceDesign', doc }, { select: null })) throw new ApiFailure('edit_refused', 'The restore point could not be taken.', 0, null);
    return this.save();
  }

  undo(): void {
    if (this.readOnly || !this.history.canUndo) return;
    this.history.undo();
    this.changed();
  }

  redo(): void {
    if (this.readOnly || !this.history.canRedo) return;
    this.history.redo();
    this.changed();
  }

  private changed(shown = false): void {
    this.saving?.edited();
    this.events.change();
    if (shown) this.notifyAfterPaint();
    else this.notify();
  }

  /**
   * Saves the current document: the first save creates the design, later ones save a new
   * revision from the one the edit started from. Saves never overlap; one asked for
   * during another follows it.
   */
  save(): Promise<SavedDesign> {
    return this.saving ? this.saving.save() : Promise.reject(READ_ONLY_ERROR);
  }

  /** The conflict's "Keep mine": this design is saved on top; theirs stays a restore point. */
  keepMine(): void {
    this.saving?.keepMine();
  }

  /** The conflict's "Take theirs": their design is shown and is what is saved; mine stays one undo away. */
  takeTheirs(): void {
    const theirs = this.saving?.takeTheirs();
    if (!theirs) return;
    this.history.apply({ type: 'replaceDesign', doc: theirs.doc });
    this.serverName = theirs.name;
    this.openedDocName = theirs.doc.name;
    this.selection = null;
    void this.saving?.tookTheirs(theirs);
    this.events.change();
    this.notify();
  }

  /** Changes saved offline wait in the journal: the browser's network is back, save them. */
  online(): void {
    this.saving?.online();
  }

  offline(): void {
    this.saving?.offline();
  }

  /** The page is going away: the journal gets the latest state now. */
  flushJournal(): void {
    this.saving?.flushJournal();
  }

  dismissRecovered(): void {
    this.recoveredAt = null;
    this.notify();
  }

  /** Resumes saving what the journal gave back at opening (or asks the person to choose, in a conflict). */
  start(): void {
    this.saving?.resume();
  }
}
