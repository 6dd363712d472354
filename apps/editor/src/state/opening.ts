import type { DesignDocument } from '@embed/design-document/model';
import { contentFingerprint, EditorHistory, openedState, recoveredState, sameContent, type SaveState, type ServerDesign } from '@embed/editor-core';
import type { JournalEntry } from '@embed/editor-protocol';

/** A design as the editor opens it: its document with its undo history, where saving stands, and its name. */
export interface OpenedDesign {
  history: EditorHistory;
  save: SaveState;
  /** The design's name at the service, or the one a new design is to get. */
  name: string;
  /** When the journal gave back changes the service never had: when they were last made (ms since the epoch). */
  recoveredAt: number | null;
  /** The journal's unsaved state turned out to be what the service has: the journal is to be told (null otherwise). */
  inStep: { id: string; revision: number } | null;
}

/** The history kept in the journal, or a fresh one on `doc` when it cannot be read (a history of an older editor). */
function historyOf(entry: JournalEntry, doc: DesignDocument): EditorHistory {
  try {
    return EditorHistory.restore(entry.history);
  } catch {
    return new EditorHistory(doc);
  }
}

/**
 * Whether the service's revision is this browser's own save: the one the journal says was
 * in flight on the revision before (the page closed before its answer came).
 */
export function isOwnSave(server: ServerDesign, entry: JournalEntry | undefined): boolean {
  if (!entry?.sent || entry.designId !== server.id || entry.baseRevision === null || server.revision !== entry.baseRevision + 1) return false;
  return contentFingerprint(server) === entry.sent;
}

/**
 * What the editor opens: the design as the service has it (`server`, null for a new
 * design, which starts from `fresh`), and what the journal kept of it on this device.
 * Changes the service never confirmed come back with their undo history, to be saved
 * (or, when the service has a newer revision than they started from, to be chosen
 * between). Once saved, the undo history still comes back, as long as the service holds
 * the revision it ends on; otherwise undo starts afresh from the service's design.
 *
 * No false alarm: when the service's newer revision is what the journal holds, or is
 * this browser's own save whose answer the closed page never had (`ownSave`), there is
 * nothing to choose between: the journal is in step, or its later changes are saved on top.
 */
export function opening(server: ServerDesign | null, entry: JournalEntry | undefined, fresh: { doc: DesignDocument; name: string }, ownSave = false): OpenedDesign {
  if (entry && entry.change > entry.confirmed) {
    const recovered = { history: historyOf(entry, entry.doc), name: entry.name ?? server?.name ?? fresh.name };
    if (server && entry.designId === server.id && sameContent(server, { doc: entry.doc, name: recovered.name })) {
      return { ...recovered, save: openedState(server), recoveredAt: null, inStep: { id: server.id, revision: server.revision } };
    }
    const base = ownSave && server ? { ...entry, baseRevision: server.revision } : entry;
    return { ...recovered, save: recoveredState(base, server), recoveredAt: entry.updatedAt, inStep: null };
  }
  if (!server) return { history: new EditorHistory(fresh.doc), save: openedState(null), name: fresh.name, recoveredAt: null, inStep: null };
  // The undo history goes on from the revision it ends on, unless the service shows that revision otherwise (a synced row's new content).
  const kept = entry?.designId === server.id && entry.baseRevision === server.revision ? historyOf(entry, server.doc) : null;
  const history = kept && sameContent(server, { doc: kept.doc, name: server.name }) ? kept : new EditorHistory(server.doc);
  return { history, save: openedState(server), name: server.name, recoveredAt: null, inStep: null };
}
