import type { DesignDocument } from '@embed/design-document/model';
import { EditorHistory, openedState, recoveredState, type SaveState, type ServerDesign } from '@embed/editor-core';
import type { JournalEntry } from '@embed/editor-protocol';

/** A design as the editor opens it: its document with its undo history, where saving stands, and its name. */
export interface OpenedDesign {
  history: EditorHistory;
  save: SaveState;
  /** The design's name at the service, or the one a new design is to get. */
  name: string;
  /** When the journal gave back changes the service never had: when they were last made (ms since the epoch). */
  recoveredAt: number | null;
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
 * What the editor opens: the design as the service has it (`server`, null for a new
 * design, which starts from `fresh`), and what the journal kept of it on this device.
 * Changes the service never confirmed come back with their undo history, to be saved
 * (or, when the service has a newer revision than they started from, to be chosen
 * between). Once saved, the undo history still comes back, as long as the service holds
 * the revision it ends on; otherwise undo starts afresh from the service's design.
 */
export function opening(server: ServerDesign | null, entry: JournalEntry | undefined, fresh: { doc: DesignDocument; name: string }): OpenedDesign {
  if (entry && entry.change > entry.confirmed) {
    return { history: historyOf(entry, entry.doc), save: recoveredState(entry, server), name: entry.name ?? server?.name ?? fresh.name, recoveredAt: entry.updatedAt };
  }
  if (!server) return { history: new EditorHistory(fresh.doc), save: openedState(null), name: fresh.name, recoveredAt: null };
  const kept = entry?.designId === server.id && entry.baseRevision === server.revision;
  return { history: kept ? historyOf(entry, server.doc) : new EditorHistory(server.doc), save: openedState(server), name: server.name, recoveredAt: null };
}
