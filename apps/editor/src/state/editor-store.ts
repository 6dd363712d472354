import type { BrandKit } from '@embed/contracts';
import type { DesignDocument } from '@embed/design-document/model';
import {
  blockAt,
  type BlockPath,
  type Command,
  CommandError,
  defaultLanguage,
  type Device,
  EditorHistory,
  findBlock,
  inLanguageCommand,
  languageView,
  keyOf,
  newBlock,
  type SaveState,
  type SaveStatus,
  type Selection,
  type SelectionByKey,
  sameContent,
  selectionByKey,
  selectionPlace,
  type ServerDesign,
} from '@embed/editor-core';
import { type EditorError, editorError, type JournalCalls, type SavedDesign } from '@embed/editor-protocol';
import { ApiFailure, type EditorApi } from '../services/editor-api';
import { JournalWriter } from '../services/journal-writer';
import type { OpenedDesign } from './opening';
import { columnWidth, naturalWidthOf, placedWidth } from './image-size';
import { fileRefused, imageRefusal, type Refusal, type RefusalCause, type RefusalPlace, uploadRefusal } from './refusals';
import { Saving } from './saving';
import { kitFontsToList } from './brand-kit';

export type { Selection } from '@embed/editor-core';
/** Where a focus request puts the keyboard focus: the block's frame, or into its text. */
export type FocusTarget = 'frame' | 'text';
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
  /** The project's brand kit: an edit that names one of its web fonts (a font field, a new button, a row inserted) lists it in the body. */
  brandKit?: BrandKit | null;
}

/**
 * The editor's state: the design document (changed only through commands, kept in an
 * undo history), the selection, and where saving stands. Views read it and dispatch.
 */
export class EditorStore {
  readonly history: EditorHistory;
  readonly readOnly: boolean;
  /** The screen the person edits for. */
  device: Device = 'desktop';
  /** The design's language the person chose to edit in; the default language when null or no longer the design's. */
  private chosenLanguage: string | null = null;
  private view: { doc: DesignDocument; language: string; shown: DesignDocument } | null = null;
  /** The block (by its key) that should take the keyboard focus once the canvas shows it; the token changes with each request. */
  focusRequest: { key: string | null; target: FocusTarget; token: number } = { key: null, target: 'frame', token: 0 };
  /** What is selected, by key: it follows its block, row or column wherever edits move it. */
  private selected: SelectionByKey = null;
  /** `selection` as last worked out, for the document and selection it was worked out from. */
  private placed: { doc: DesignDocument; selected: SelectionByKey; selection: Selection } | null = null;
  /** When the journal gave back unsaved changes at opening, until the person dismisses the notice. */
  recoveredAt: number | null;
  /** What was last refused, shown where the person acted until they dismiss it or an edit succeeds. */
  refusal: Refusal | null = null;
  /** The revision another tab or person saved that the design now shows, until the person dismisses the notice. */
  updatedElsewhere: number | null = null;
  private readonly saving: Saving | null;
  private readonly inStepAtOpening: OpenedDesign['inStep'];
  private openedDocName: string | undefined;
  private serverName: string;
  /** The design's id when it was opened (the saving state has the current one; read-only, this is it). */
  private readonly openedId: string | null;
  /** Read-only, the revision shown (editable, the saving state has it). */
  private shownRevision: number | null;
  private readonly subscribers = new Set<() => void>();
  private readonly afterPaint: (task: () => void) => void;
  private readonly brandKit: BrandKit | null;
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
    this.brandKit = options.brandKit ?? null;
    this.recoveredAt = opened.recoveredAt;
    this.inStepAtOpening = opened.inStep;
    this.openedId = opened.save.designId;
    this.shownRevision = opened.save.baseRevision;
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

  /** Where the selection is in the current document (the same object until either changes, so views compare it by identity). */
  get selection(): Selection {
    const { doc, selected } = this;
    if (this.placed?.doc !== doc || this.placed.selected !== selected) this.placed = { doc, selected, selection: selectionPlace(doc, selected) };
    return this.placed.selection;
  }

  private setSelection(selection: Selection): void {
    this.selected = selectionByKey(this.doc, selection);
  }

  select(selection: Selection): void {
    this.setSelection(selection);
    this.notify();
  }

  /** Asks the canvas to put the keyboard focus on the block at `path` (its frame or its text) once it shows it. */
  focusBlock(path: BlockPath, target: FocusTarget = 'frame'): void {
    this.requestFocus(path, target);
    this.notify();
  }

  private requestFocus(path: BlockPath, target: FocusTarget): void {
    this.focusRequest = { key: keyOf(blockAt(this.doc, path)), target, token: this.focusRequest.token + 1 };
  }

  /**
   * Applies a command as an undoable step; false (and an error event) when the command
   * cannot apply. `shown`: the view making the change already shows it (typed text), so
   * the other views are told after the next paint. `select`: what is selected after it
   * (by its place in the new document); the history keeps it with the step, with what was
   * selected before, so that undo and redo bring the selection back too. `focus`: the
   * selected block takes the keyboard focus, on its frame or in its text.
   */
  dispatch(command: Command, options: { coalesceKey?: string; select?: Selection; focus?: FocusTarget; shown?: boolean; place?: RefusalPlace } = {}): boolean {
    if (this.readOnly) return this.refuseReadOnly();
    const { select } = options;
    // The selection after the step: the one asked for, else the same block, row or column where it is now.
    const after = (doc: DesignDocument) => (select !== undefined ? select : selectionPlace(doc, this.selected));
    try {
      this.history.apply(inLanguageCommand(this.doc, command, this.language), { coalesceKey: options.coalesceKey, selection: { before: this.selection, after } });
    } catch (error) {
      const cause: RefusalCause = { kind: error instanceof CommandError && error.reason ? error.reason : 'edit' };
      this.refuse(options.place ?? 'canvas', cause, editorError('edit_refused', error instanceof Error ? error.message : String(error)));
      return false;
    }
    if (this.refusal) this.refusal = null;
    if (select !== undefined) this.setSelection(select);
    const { selection } = this;
    if (options.focus && selection?.kind === 'block') this.requestFocus(selection.path, options.focus);
    this.changed(options.shown);
    if (command.type !== 'setFonts') this.listKitFonts();
    return true;
  }

  /**
   * After any edit, whatever view made it: the kit's web fonts the design now names and does
   * not list yet are listed in the body, as a step of its own (undone apart), so that the
   * canvas and every render load them.
   */
  private listKitFonts(): void {
    const fonts = kitFontsToList(this.doc, this.brandKit);
    if (fonts) this.dispatch({ type: 'setFonts', fonts });
  }

  /** Tells the person where they acted, in their words, and the integrator's `error` handler, in the error's. */
  private refuse(place: RefusalPlace, cause: RefusalCause, error: EditorError): void {
    this.refusal = { place, cause, token: (this.refusal?.token ?? 0) + 1 };
    this.events.error(error);
    this.notify();
  }

  dismissRefusal(): void {
    this.refusal = null;
    this.notify();
  }

  private refuseReadOnly(): false {
    this.events.error(READ_ONLY_ERROR);
    return false;
  }

  /**
   * Uploads an image (POST /editor/v1/images) and points the image block at it, as one
   * undoable step, at its natural width up to its column's (a logo is not stretched). The
   * block is found again by its key when the upload is done: blocks may have moved
   * meanwhile, and a block deleted meanwhile takes nothing. `step`: the undo step that
   * started the upload (the image's insert), which the address then joins, however many
   * edits came between.
   */
  async uploadImage(at: BlockPath, file: Blob, place: RefusalPlace = 'canvas', step?: number): Promise<void> {
    if (this.readOnly) return void this.refuseReadOnly();
    const key = keyOf(blockAt(this.doc, at));
    const before = imageRefusal(file);
    if (before) return this.refuse(place, before, fileRefused(file));
    try {
      const [{ url }, natural] = await Promise.all([this.api.uploadImage(file), naturalWidthOf(file)]);
      const found = findBlock(this.doc, key);
      // Without a width the image fills its column; a block whose insert was undone meanwhile has no column to measure.
      const patch = { src: url, width: found ? placedWidth(natural, columnWidth(this.doc, found.path)) : undefined };
      if (step !== undefined && this.history.joinInsertedBlock(step, key, patch)) return this.changed();
      if (found) this.dispatch({ type: 'patchBlock', at: found.path, patch }, { place });
    } catch (error) {
      const failure = error instanceof ApiFailure ? error : null;
      this.refuse(place, failure ? uploadRefusal(failure.status, failure.code) : { kind: 'upload', code: 'upload_failed' }, failure ? { code: failure.code, message: failure.message } : editorError('upload_failed', String(error)));
    }
  }

  /** An image file dropped on the canvas: a new image block at `at`, filled once the upload is done, in the insert's undo step (none for a file refused at once). */
  async addImage(at: BlockPath, file: Blob): Promise<void> {
    const before = imageRefusal(file);
    if (before) return this.refuse('canvas', before, fileRefused(file));
    if (this.dispatch({ type: 'insertBlock', at, block: newBlock('image') }, { select: { kind: 'block', path: at } })) await this.uploadImage(at, file, 'canvas', this.history.lastStep ?? undefined);
  }

  /** Takes a restore point's document as one undoable edit, and saves it as a new revision. */
  async restore(doc: DesignDocument): Promise<SavedDesign> {
    if (!this.dispatch({ type: 'replaceDesign', doc }, { select: null })) throw new ApiFailure('edit_refused', 'The restore point could not be taken.', 0, null);
    return this.save();
  }

  undo(): void {
    if (this.readOnly || !this.history.canUndo) return;
    this.history.undo();
    this.setSelection(this.history.selection);
    this.changed();
  }

  redo(): void {
    if (this.readOnly || !this.history.canRedo) return;
    this.history.redo();
    this.setSelection(this.history.selection);
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

  /**
   * The conflict's "Keep mine": this design is saved on top; theirs stays a restore point,
   * named `theirsLabel` so that thinning keeps it and the person finds it (a save of theirs
   * that changed nothing made no point: there is then nothing to name).
   */
  keepMine(theirsLabel: string): void {
    const theirs = this.conflict?.theirs;
    this.saving?.keepMine();
    if (theirs) void this.api.labelRevision(theirs.id, theirs.revision, theirsLabel).catch(() => undefined);
  }

  /** The conflict's "Take theirs": their design is shown and is what is saved; mine stays one undo away. */
  takeTheirs(): void {
    const theirs = this.saving?.takeTheirs();
    if (!theirs) return;
    this.history.apply({ type: 'replaceDesign', doc: theirs.doc });
    this.serverName = theirs.name;
    this.openedDocName = theirs.doc.name;
    this.selected = null;
    void this.saving?.inStep(theirs);
    this.events.change();
    this.notify();
  }

  /**
   * Another tab or person saved the design (the editor's watch saw it): with nothing
   * unsaved here, the design shows theirs at once (one undo away) and says so; with
   * unsaved changes, the person chooses now, not at their next save.
   */
  savedElsewhere(theirs: ServerDesign): void {
    if (this.readOnly) return this.showSavedElsewhere(theirs);
    const outcome = this.saving?.savedElsewhere(theirs);
    if (outcome === 'take') {
      this.takeTheirs();
      this.updatedElsewhere = theirs.revision;
    }
    if (outcome) this.notify();
  }

  /** Read-only, a newer save made elsewhere is shown as it comes: there is nothing here to keep or to choose. */
  private showSavedElsewhere(theirs: ServerDesign): void {
    if (theirs.revision <= (this.shownRevision ?? -1)) return;
    this.shownRevision = theirs.revision;
    if (sameContent({ doc: this.doc, name: this.name }, theirs)) return;
    this.history.apply({ type: 'replaceDesign', doc: theirs.doc });
    this.serverName = theirs.name;
    this.openedDocName = theirs.doc.name;
    this.updatedElsewhere = theirs.revision;
    this.events.change();
    this.notify();
  }

  /** The design and revision the service is to be watched for (none for a design never saved, or while the person chooses). */
  get watched(): { id: string; revision: number } | null {
    if (this.readOnly) return this.openedId !== null && this.shownRevision !== null ? { id: this.openedId, revision: this.shownRevision } : null;
    const state = this.saving?.state;
    return state && state.designId !== null && state.baseRevision !== null && state.status !== 'conflict' ? { id: state.designId, revision: state.baseRevision } : null;
  }

  dismissUpdatedElsewhere(): void {
    this.updatedElsewhere = null;
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

  /**
   * The editor opens another design in this one's place: this one's latest state goes to
   * the journal (a change not yet saved comes back when it is opened again), and it is no
   * longer autosaved.
   */
  close(): void {
    this.saving?.flushJournal();
    this.saving?.dispose();
  }

  dismissRecovered(): void {
    this.recoveredAt = null;
    this.notify();
  }

  /** Resumes saving what the journal gave back at opening (or asks the person to choose, in a conflict); a journal found in step with the service is told so. */
  start(): void {
    if (this.inStepAtOpening) void this.saving?.inStep(this.inStepAtOpening);
    this.saving?.resume();
  }
}
