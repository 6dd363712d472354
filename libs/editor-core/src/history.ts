import type { DesignDocument } from '@embed/design-document/model';
import { applyCommand, type Command } from './commands';
import { findBlock, keyOf } from './keys';
import { applyPatch, type Patch } from './patch';
import type { Selection } from './selection';
import { fromStorable, type Storable, toStorable } from './storable';

/** Typing into one field within this long of the last keystroke is one undo step. */
export const TYPING_PAUSE_MS = 1000;

interface Step {
  /** Which step this is, through undo and redo (an edit that finishes later finds it by this). */
  id: number;
  forward: Command;
  inverse: Command;
  /** Steps with the same key, each soon after the last, merge into one (typing). */
  coalesceKey?: string;
  at: number;
  /** What was selected before the step and after it, each by its place in the document of that moment: undo and redo bring it back. */
  selection: { before: Selection; after: Selection };
}

/**
 * A history as plain JSON data (undefined written as null), for IndexedDB or
 * JSON.stringify: every step's commands, never copies of the document.
 */
export interface SerializedHistory {
  version: 1;
  doc: Storable;
  undo: SerializedStep[];
  redo: SerializedStep[];
}

/** A step as JSON; `selection` is missing from the steps of a history kept before the selection was. */
interface SerializedStep {
  forward: Storable;
  inverse: Storable;
  at: number;
  selection?: Storable;
}

let lastStepId = 0;
const serializeStep = (step: Step): SerializedStep => ({ forward: toStorable(step.forward), inverse: toStorable(step.inverse), at: step.at, selection: toStorable(step.selection) });
function restoreStep(step: SerializedStep): Step {
  // JSON keeps no undefined: a selection of nothing comes back as undefined, and is null again.
  const selection = fromStorable(step.selection ?? null) as Partial<Step['selection']> | undefined;
  return {
    id: ++lastStepId,
    forward: fromStorable(step.forward) as Command,
    inverse: fromStorable(step.inverse) as Command,
    at: step.at,
    selection: { before: selection?.before ?? null, after: selection?.after ?? null },
  };
}

/**
 * The design and its undo and redo stacks, as long as the person keeps editing (no limit). Every change goes through `apply`, so undo
 * covers everything; steps are commands, never copies of the document.
 */
export class EditorHistory {
  private undoStack: Step[] = [];
  private redoStack: Step[] = [];
  private currentSelection: Selection = null;

  constructor(private current: DesignDocument) {}

  get doc(): DesignDocument {
    return this.current;
  }

  /** The selection that goes with the document: the one a step was applied with, or that undo and redo brought back. */
  get selection(): Selection {
    return this.currentSelection;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /**
   * Applies a command as a new step. A command with the same `coalesceKey` as the last
   * step, within TYPING_PAUSE_MS of it, joins that step: its forward command must then set
   * the same thing absolutely (text content, a field), so the last one is the step's result.
   * `selection`: what was selected before the command, and what is after it (worked out on
   * the new document), kept with the step; the current one when left out.
   */
  apply(command: Command, options: { coalesceKey?: string; now?: number; selection?: { before: Selection; after: (doc: DesignDocument) => Selection } } = {}): DesignDocument {
    const at = options.now ?? Date.now();
    const { doc, inverse } = applyCommand(this.current, command);
    const selection = options.selection ? { before: options.selection.before, after: options.selection.after(doc) } : { before: this.currentSelection, after: this.currentSelection };
    const last = this.undoStack[this.undoStack.length - 1];
    if (options.coalesceKey !== undefined && last?.coalesceKey === options.coalesceKey && at - last.at < TYPING_PAUSE_MS) {
      last.forward = command;
      last.at = at;
      last.selection = { before: last.selection.before, after: selection.after };
    } else {
      this.undoStack.push({ id: ++lastStepId, forward: command, inverse, coalesceKey: options.coalesceKey, at, selection });
    }
    this.redoStack = [];
    this.current = doc;
    this.currentSelection = selection.after;
    return doc;
  }

  /** The step the last edit made or joined, for an edit that finishes later to join (`joinInsertedBlock`). */
  get lastStep(): number | null {
    return this.undoStack[this.undoStack.length - 1]?.id ?? null;
  }

  /**
   * Joins a change that finishes later (an upload's address) to the step that inserted the
   * block, instead of making a step of its own after the edits made meanwhile: the block
   * gets `patch` now wherever it is, and the step's redo inserts it so patched; its undo
   * still takes the block away. False (nothing changed) when that step is no longer in the
   * history or did not insert the block of `key`: the caller makes the change a step.
   */
  joinInsertedBlock(stepId: number, key: string, patch: Patch): boolean {
    const step = [...this.undoStack, ...this.redoStack].find((candidate) => candidate.id === stepId);
    const forward = step?.forward;
    if (!step || forward?.type !== 'insertBlock' || keyOf(forward.block) !== key) return false;
    const done = this.undoStack.includes(step);
    const found = done ? findBlock(this.current, key) : null;
    // Checked before anything changes: a patch the design would not take is refused whole.
    const doc = found ? applyCommand(this.current, { type: 'patchBlock', at: found.path, patch }).doc : this.current;
    step.forward = { ...forward, block: applyPatch(forward.block, patch)[0] };
    this.current = doc;
    return true;
  }

  undo(): DesignDocument {
    const step = this.undoStack.pop();
    if (!step) return this.current;
    this.current = applyCommand(this.current, step.inverse).doc;
    this.currentSelection = step.selection.before;
    this.redoStack.push({ ...step, coalesceKey: undefined });
    return this.current;
  }

  redo(): DesignDocument {
    const step = this.redoStack.pop();
    if (!step) return this.current;
    this.current = applyCommand(this.current, step.forward).doc;
    this.currentSelection = step.selection.after;
    this.undoStack.push({ ...step, coalesceKey: undefined });
    return this.current;
  }

  /**
   * The whole history as JSON data, so that undo survives a reload. A step restored never
   * joins the next keystroke's step: typing after a reload starts a step of its own.
   */
  serialize(): SerializedHistory {
    return { version: 1, doc: toStorable(this.current), undo: this.undoStack.map(serializeStep), redo: this.redoStack.map(serializeStep) };
  }

  static restore(data: SerializedHistory): EditorHistory {
    if (data.version !== 1) throw new Error(`cannot restore a history of version ${String(data.version)}`);
    const history = new EditorHistory(fromStorable(data.doc) as DesignDocument);
    history.undoStack = data.undo.map(restoreStep);
    history.redoStack = data.redo.map(restoreStep);
    return history;
  }

  /** Replaces the design without history (a restore point taken, a conflict resolved): undo starts afresh. */
  reset(doc: DesignDocument): void {
    this.current = doc;
    this.currentSelection = null;
    this.undoStack = [];
    this.redoStack = [];
  }
}
