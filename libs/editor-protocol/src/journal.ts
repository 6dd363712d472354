// The journal of unsaved changes and undo history (issue 14: no lost work). It lives in
// the integrator's page's IndexedDB, kept by the SDK, and the editor frame reaches it over
// the protocol as it reaches the API: the page is first-party, so its storage is there
// under a browser's default settings (Chromium's third-party-cookie deprecation refuses
// storage to the frame, which is of another site), and is kept apart per integrator site;
// the page already reaches the design through the editor API with its token, so keeping
// the draft there opens nothing new; and every browser takes the same path.
import type { DesignDocument } from '@embed/design-document/model';
import type { SerializedHistory } from '@embed/editor-core';

/**
 * What the journal keeps about one design: the latest state after every change, until the
 * service confirms a save that carried it, and the undo history, kept after saves too so
 * that undo survives a reload.
 */
export interface JournalEntry {
  /** The design's id, or the draft key of a design its first save has not created yet. */
  key: string;
  designId: string | null;
  /** The revision the changes started from (null: a new design). */
  baseRevision: number | null;
  name?: string;
  doc: DesignDocument;
  history: SerializedHistory;
  /** Goes up with every change journaled; `confirmed` is the last one a save carried. */
  change: number;
  confirmed: number;
  /** ms since the epoch of the last change. */
  updatedAt: number;
  /**
   * The fingerprint (contentFingerprint) of a save sent on `baseRevision` whose answer
   * had not come: if the page closed before it did, and the service has that save as the
   * next revision, it is this tab's own, not another's.
   */
  sent?: string;
}

export type JournalChange = Pick<JournalEntry, 'designId' | 'baseRevision' | 'name' | 'doc' | 'history' | 'sent'>;

/** What the frame may ask of the journal, with what each resolves to. */
export interface JournalOps {
  /**
   * Opens the page's journal; rejects when the page has no IndexedDB (private mode, storage
   * refused or full). The draft key names a new design's entry until its first save: one
   * per browser tab and editor mounted in it, so a reload finds its draft again; the SDK
   * keeps each person's entries apart (sealed with their key), so it finds only the draft
   * of the person the token is for.
   */
  open: { args: []; result: { draftKey: string } };
  /** Journals the state after a change; resolves with the change's number, for `confirm`. */
  record: { args: [key: string, change: JournalChange]; result: number };
  /** The service saved the state of change `change`: changes up to it are no longer unsaved. */
  confirm: { args: [key: string, change: number, saved: { designId: string; revision: number }]; result: void };
  /** The state whose changes the service never confirmed, if any. */
  unsaved: { args: [key: string]; result: JournalEntry | undefined };
  /** What is kept for a design, saved or not: its latest state and undo history. */
  entry: { args: [key: string]; result: JournalEntry | undefined };
  /** A new design's first save gave it an id: its entry moves under that key. */
  rekey: { args: [from: string, to: string]; result: void };
}
export type JournalOp = keyof JournalOps;

/** The journal's operations once open, as the frame calls them and the SDK's journal answers them. */
export type JournalCalls = { [K in Exclude<JournalOp, 'open'>]: (...args: JournalOps[K]['args']) => Promise<JournalOps[K]['result']> };

/** Every operation, once: the compiler fails when one is added above and not here. */
const JOURNAL_OPS: Record<JournalOp, true> = { open: true, record: true, confirm: true, unsaved: true, entry: true, rekey: true };

/** True for an operation the frame may ask for: anything else (`forget`, `constructor`) is refused. */
export function isJournalOp(op: unknown): op is JournalOp {
  return typeof op === 'string' && Object.hasOwn(JOURNAL_OPS, op);
}
