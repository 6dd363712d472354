import type { DesignDocument } from '@embed/design-document/model';
import { contentFingerprint, nextSave, sameContent, saveReducer, type SaveEvent, type SaveRequest, type SaveState, type ServerDesign } from '@embed/editor-core';
import type { EditorError, SavedDesign } from '@embed/editor-protocol';
import { ApiFailure, type EditorApi, newIdempotencyKey, type StoredDesign } from '../services/editor-api';
import type { JournalWriter } from '../services/journal-writer';

/** Autosave this long after the last change. */
export const AUTOSAVE_DELAY_MS = 3000;
/** Offline, or the service busy or failing for a while: the next tries, further and further apart (the last one repeats). */
export const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000];

export interface SavingEvents {
  /** A save reached the service. */
  saved(saved: SavedDesign): void;
  /** Saving went offline, into a conflict or was refused (told once per change of state, not per try). */
  failed(error: EditorError): void;
  /** The save state changed: views show it. */
  changed(): void;
}

interface Waiter {
  edit: number;
  resolve: (saved: SavedDesign) => void;
  reject: (error: EditorError) => void;
}

const failureOf = (error: unknown): ApiFailure => (error instanceof ApiFailure ? error : new ApiFailure('save_failed', String(error), 0, null));

/** A refusal that may pass by itself: the service busy (429), failing (5xx), or still doing the same create (409 idempotency_key_reused). */
const passing = (failure: ApiFailure) => failure.status === 429 || failure.status >= 500 || failure.code === 'idempotency_key_reused';

/** A refusal of the request itself (4xx): the service did nothing, and a create sent again is a new one. */
const refused = (failure: ApiFailure) => failure.status >= 400 && failure.status < 500 && !passing(failure);

/** A create as sent: what it carried, for which edit, and its Idempotency-Key. */
interface CreateSent {
  key: string;
  name: string;
  doc: DesignDocument;
  edit: number;
}

/**
 * Saving, with the save-state machine of editor-core as its memory: every change counts
 * as an edit and is journaled; autosave a moment after the last change; saves never
 * overlap and carry `baseRevision`; offline, saves wait in the journal and are tried again
 * (at once when the browser is back online); a 409 revision_conflict stops saving until
 * the person keeps theirs or takes the other.
 */
export class Saving {
  private waiters: Waiter[] = [];
  private autosaveTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  private inFlight = false;
  /** The failure last told, so that tries again that fail the same way are not told again. */
  private told: string | null = null;
  /**
   * The person asked for the next save (Save, the SDK's save(), a restore, "Keep mine"):
   * it is not sent as an autosave, so its restore point is kept apart from the autosaves.
   */
  private asked = false;
  /**
   * A create whose outcome is unknown (no answer, or a 5xx: the service may have made the
   * design before failing): it is sent again exactly as it was, with its key, so that the
   * service answers the design it made instead of making a second one. Later edits are
   * saved onto it next.
   */
  private unsettledCreate: CreateSent | null = null;

  constructor(
    public state: SaveState,
    private readonly api: EditorApi,
    private readonly journal: JournalWriter | null,
    /** The document and name to save now. */
    private readonly current: () => { doc: DesignDocument; name: string },
    private readonly events: SavingEvents,
  ) {}

  /** Whether changes are journaled on this device (the host page may have no IndexedDB: private mode, storage full). */
  get journaled(): boolean {
    return this.journal !== null;
  }

  /** Opened with changes the service never had (from the journal): save them now. */
  resume(): void {
    if (this.state.status === 'conflict' && this.state.theirs) this.events.failed(conflictError(this.state.theirs));
    void this.pump();
  }

  edited(): void {
    this.apply({ type: 'edited' });
    this.journal?.changed();
    clearTimeout(this.autosaveTimer);
    this.autosaveTimer = setTimeout(() => void this.pump(), AUTOSAVE_DELAY_MS);
  }

  /**
   * Saves now (Save, Ctrl/Cmd+S, the SDK's save()): resolves once the service has every
   * change made before the call; rejects when that save fails (the changes stay journaled).
   */
  save(): Promise<SavedDesign> {
    const { state } = this;
    if (state.status === 'conflict' && state.theirs) return Promise.reject(conflictError(state.theirs));
    this.apply({ type: 'saveRequested' });
    const { designId, baseRevision, edit, savedEdit } = this.state;
    if (designId !== null && baseRevision !== null && edit === savedEdit && !this.inFlight) return Promise.resolve({ designId, revision: baseRevision });
    this.asked = true;
    const waited = new Promise<SavedDesign>((resolve, reject) => this.waiters.push({ edit, resolve, reject }));
    void this.pump();
    return waited;
  }

  /**
   * The editor's watch saw another tab's or person's save (`theirs`), unless a save of
   * this tab is in flight (which may be what it saw): the same design only moves the
   * revision on (`same`); with nothing unsaved here, theirs is to be taken (`take`: the
   * store shows it); with unsaved changes, it is a conflict, told as one. Null when there
   * is nothing to do.
   */
  savedElsewhere(theirs: ServerDesign): 'same' | 'take' | 'conflict' | null {
    if (this.inFlight) return null;
    const { doc, name } = this.current();
    const before = this.state;
    const same = sameContent({ doc, name }, theirs);
    this.apply({ type: 'savedElsewhere', theirs, same });
    if (this.state === before) return null;
    if (same) return 'same';
    if (before.edit === before.savedEdit) return 'take';
    clearTimeout(this.autosaveTimer);
    clearTimeout(this.retryTimer);
    this.events.failed(conflictError(theirs));
    return 'conflict';
  }

  /** The browser says the network is back: what waits is saved at once. */
  online(): void {
    this.retries = 0;
    clearTimeout(this.retryTimer);
    this.apply({ type: 'online' });
    void this.pump();
  }

  offline(): void {
    this.apply({ type: 'offline' });
  }

  /** The conflict's choice "Keep mine": saved on top of theirs, which stays a restore point. */
  keepMine(): void {
    this.asked = true;
    this.apply({ type: 'keepMine' });
    void this.pump();
  }

  /**
   * The conflict's choice "Take theirs": gives their design, which the store shows; the
   * state is saved at their revision and the journal says so.
   */
  takeTheirs(): ServerDesign | undefined {
    const { theirs } = this.state;
    if (this.state.status !== 'conflict' || !theirs) return undefined;
    this.apply({ type: 'takeTheirs' });
    return theirs;
  }

  /** The design the store shows is what the service has (their design taken, or the journal found in step at opening): the journal says so. */
  async inStep(design: Pick<ServerDesign, 'id' | 'revision'>): Promise<void> {
    if (!this.journal) return;
    await this.journal.confirm(await this.journal.flush(), { designId: design.id, revision: design.revision });
  }

  /** The page is going away: the journal gets the latest state now (as far as the browser lets it finish). */
  flushJournal(): void {
    void this.journal?.flush();
  }

  dispose(): void {
    clearTimeout(this.autosaveTimer);
    clearTimeout(this.retryTimer);
    this.journal?.stop();
  }

  private apply(event: SaveEvent): void {
    const before = this.state;
    this.state = saveReducer(before, event);
    // Views show the status: an edit that only counts one more does not render them again.
    if (this.state.status !== before.status || this.state.theirs !== before.theirs) this.events.changed();
  }

  private async pump(): Promise<void> {
    if (this.inFlight) return;
    const request = nextSave(this.state);
    if (!request) return this.settleWaiters();
    clearTimeout(this.autosaveTimer);
    clearTimeout(this.retryTimer);
    this.inFlight = true;
    const { doc, name } = this.current();
    const autosave = !this.asked;
    this.apply({ type: 'saveStarted' });
    // The journal knows which save is in flight before it leaves: a page closed before its answer comes opens again knowing it as its own.
    const journaled = this.journal?.sending(contentFingerprint({ doc, name })) ?? Promise.resolve(null);
    const { create, sent } = this.send(request, { doc, name }, autosave);
    try {
      const stored = await sent;
      this.unsettledCreate = null;
      if (!autosave) this.asked = false;
      this.retries = 0;
      this.told = null;
      if (create) await this.journal?.rekey(stored.id);
      // A create sent again carries an older state than the journal's: the journal takes the design's id and revision, and its changes stay unsaved.
      await this.journal?.confirm(create && create.doc !== doc ? 0 : await journaled, { designId: stored.id, revision: stored.revision });
      this.apply({ type: 'saved', design: stored, edit: create?.edit ?? request.edit });
      this.events.saved({ designId: stored.id, revision: stored.revision });
      this.inFlight = false;
      this.settleWaiters(stored);
      // A create sent again carried an older state: the edits made since are saved onto it now.
      if (create && create.doc !== doc) void this.pump();
    } catch (error) {
      this.inFlight = false;
      const failure = failureOf(error);
      if (refused(failure)) this.unsettledCreate = null;
      this.failed(failure);
    }
  }

  /** Sends `request`: a save of the current state, or a create, the unsettled one as it was first sent if there is one. */
  private send(request: SaveRequest, current: { doc: DesignDocument; name: string }, autosave: boolean): { create: CreateSent | null; sent: Promise<StoredDesign> } {
    if (request.kind === 'update') return { create: null, sent: this.api.saveDesign(request.designId, { ...current, baseRevision: request.baseRevision, autosave }) };
    const create = (this.unsettledCreate ??= { key: newIdempotencyKey(), ...current, edit: request.edit });
    return { create, sent: this.api.createDesign(create.name, create.doc, create.key) };
  }

  private failed(failure: ApiFailure): void {
    const theirs = failure.code === 'revision_conflict' ? (failure.body as { design?: ServerDesign } | null)?.design : undefined;
    this.apply({ type: 'saveFailed', status: failure.status, code: failure.code, message: failure.message, theirs });
    const error = { code: failure.code, message: failure.message };
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
    const told = `${this.state.status}:${failure.code}`;
    if (told !== this.told) this.events.failed(error);
    this.told = told;
    if (this.state.status === 'offline' || (this.state.status === 'failed' && passing(failure))) this.retryLater();
  }

  private retryLater(): void {
    const delay = RETRY_DELAYS_MS[Math.min(this.retries++, RETRY_DELAYS_MS.length - 1)];
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.apply(this.state.status === 'offline' ? { type: 'online' } : { type: 'saveRequested' });
      void this.pump();
    }, delay);
  }

  /** Resolves the saves that the service now has; a save asked for during another goes out now. */
  private settleWaiters(stored?: { id: string; revision: number }): void {
    const { designId, baseRevision, savedEdit } = this.state;
    const saved = stored ? { designId: stored.id, revision: stored.revision } : designId !== null && baseRevision !== null ? { designId, revision: baseRevision } : null;
    if (!saved) return;
    this.waiters = this.waiters.filter((waiter) => (waiter.edit <= savedEdit ? (waiter.resolve(saved), false) : true));
    if (this.waiters.length && this.state.status === 'unsaved') void this.pump();
  }
}

const conflictError = (theirs: ServerDesign): EditorError => ({
  code: 'revision_conflict',
  message: `The design was saved elsewhere (revision ${theirs.revision}) since this edit started; the person chooses which version to keep.`,
});
