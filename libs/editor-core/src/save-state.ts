import type { DesignDocument } from '@embed/design-document/model';

/**
 * Where saving stands, as the editor shows it at all times. `saved`: the service has every
 * change. `unsaved`: changes wait for the next save. `saving`: a save is on its way.
 * `offline`: the service cannot be reached; changes wait in the journal. `conflict`:
 * someone saved the design since the edit started (409 revision_conflict); the person
 * chooses. `failed`: the service refused the save for another reason.
 */
export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'offline' | 'conflict' | 'failed';

/** The design as the service holds it (an editor API Design). */
export interface ServerDesign {
  id: string;
  name: string;
  revision: number;
  doc: DesignDocument;
}

export interface SaveState {
  status: SaveStatus;
  /** null until the first save creates the design. */
  designId: string | null;
  /** The revision the local edits start from: sent as `baseRevision`. */
  baseRevision: number | null;
  /** Counts local changes; `savedEdit` is the last one the service confirmed. */
  edit: number;
  savedEdit: number;
  /** In `conflict`: the design as the other tab or person saved it. */
  theirs?: ServerDesign;
  /** In `failed`: the API's code and words. */
  error?: { code: string; message: string };
}

/** A save the editor should send now: create the design, or PUT it with `baseRevision`. */
export type SaveRequest = { kind: 'create'; edit: number } | { kind: 'update'; designId: string; baseRevision: number; edit: number };

export type SaveEvent =
  | { type: 'edited' }
  /** Save, Ctrl/Cmd+S, or "try again": saves now, even a new design not changed yet, and leaves offline or failed. */
  | { type: 'saveRequested' }
  | { type: 'saveStarted' }
  | { type: 'saved'; design: Pick<ServerDesign, 'id' | 'revision'>; edit: number }
  /** `status` 0 (or no status) is a network failure: the browser is offline or the service unreachable. */
  | { type: 'saveFailed'; status?: number; code: string; message: string; theirs?: ServerDesign }
  | { type: 'offline' }
  | { type: 'online' }
  /** Save mine on top of theirs: theirs stays a restore point, mine becomes the next revision. */
  | { type: 'keepMine' }
  /** Take theirs: local edits are dropped (the editor loads `theirs.doc`). */
  | { type: 'takeTheirs' }
  /**
   * Another tab or person saved `theirs` (seen by the editor's watch, not by a save of its
   * own): the same design as here only moves the revision on; another one is a conflict.
   */
  | { type: 'savedElsewhere'; theirs: ServerDesign; same: boolean };

const dirty = (state: SaveState) => state.edit !== state.savedEdit;

/** Where a design just opened stands; `null` for a new design, made by its first save (after a first change, or Save). */
export function openedState(design: Pick<ServerDesign, 'id' | 'revision'> | null): SaveState {
  return { status: design ? 'saved' : 'unsaved', designId: design?.id ?? null, baseRevision: design?.revision ?? null, edit: 0, savedEdit: 0 };
}

/**
 * Where a design stands when the journal held changes the service never confirmed: they
 * are to be saved if the service still has the revision they started from, else the
 * person chooses, as for any conflict.
 */
export function recoveredState(journaled: { designId: string | null; baseRevision: number | null }, server: ServerDesign | null): SaveState {
  const base = { designId: journaled.designId, baseRevision: journaled.baseRevision, edit: 1, savedEdit: 0 };
  if (server && journaled.baseRevision !== null && server.revision > journaled.baseRevision) return { ...base, status: 'conflict', theirs: server };
  return { ...base, status: 'unsaved' };
}

const settled = (state: SaveState, status: SaveStatus): SaveState => {
  const { theirs: _theirs, error: _error, ...rest } = state;
  return { ...rest, status };
};

export function saveReducer(state: SaveState, event: SaveEvent): SaveState {
  switch (event.type) {
    case 'edited':
      // A change made while saving, offline, in conflict or after a refusal keeps that state: it goes with the next save.
      return { ...state, edit: state.edit + 1, status: state.status === 'saved' ? 'unsaved' : state.status };
    case 'saveRequested':
      if (state.status === 'conflict' || state.status === 'saving' || (!dirty(state) && state.designId !== null)) return state;
      return { ...settled(state, 'unsaved'), edit: dirty(state) ? state.edit : state.edit + 1 };
    case 'saveStarted':
      return settled(state, 'saving');
    case 'saved': {
      const next = { ...settled(state, 'saved'), designId: event.design.id, baseRevision: event.design.revision, savedEdit: event.edit };
      return dirty(next) ? { ...next, status: 'unsaved' } : next;
    }
    case 'saveFailed':
      if (event.code === 'revision_conflict' && event.theirs) return { ...settled(state, 'conflict'), theirs: event.theirs };
      if (!event.status) return settled(state, 'offline');
      return { ...settled(state, 'failed'), error: { code: event.code, message: event.message } };
    case 'offline':
      return state.status === 'conflict' ? state : settled(state, 'offline');
    case 'online':
      return state.status === 'offline' ? settled(state, dirty(state) ? 'unsaved' : 'saved') : state;
    case 'keepMine':
      if (state.status !== 'conflict' || !state.theirs) return state;
      return { ...settled(state, 'unsaved'), baseRevision: state.theirs.revision };
    case 'takeTheirs':
      if (state.status !== 'conflict' || !state.theirs) return state;
      return { ...settled(state, 'saved'), baseRevision: state.theirs.revision, savedEdit: state.edit };
    case 'savedElsewhere':
      if (state.status === 'saving' || state.status === 'conflict' || state.baseRevision === null || event.theirs.revision <= state.baseRevision) return state;
      if (event.same) return { ...state, baseRevision: event.theirs.revision };
      return { ...settled(state, 'conflict'), theirs: event.theirs };
  }
}

/**
 * The save to send now, or none: only when there are changes and none is on its way, and
 * neither offline, in conflict (the person chooses first) nor refused (the person asks
 * again with `saveRequested`, so a refused save is not sent again and again).
 */
export function nextSave(state: SaveState): SaveRequest | undefined {
  if (state.status !== 'unsaved' || !dirty(state)) return undefined;
  if (state.designId === null || state.baseRevision === null) return { kind: 'create', edit: state.edit };
  return { kind: 'update', designId: state.designId, baseRevision: state.baseRevision, edit: state.edit };
}
