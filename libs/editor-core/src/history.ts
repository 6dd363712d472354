import type { DesignDocument } from '@embed/design-document/model';
import { applyCommand, type Command } from './commands';
import type { Selection } from './selection';
import { fromStorable, type Storable, toStorable } from './storable';

/** Typing into one field within this long of the last keystroke is one undo step. */
export const TYPING_PAUSE_MS = 1000;

interface Step {
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

const serializeStep = (step: Step): SerializedStep => ({ forward: toStorable(step.forward), inverse: toStorable(step.inverse), at: step.at, selection: toStorable(step.selection) });
function restoreStep(step: SerializedStep): Step {
  // JSON keeps no undefined: a selection of nothing comes back as undefined, and is null again.
  const selection = fromStorable(step.selection ?? null) as Partial<Step['selection']> | undefined;
  return {
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
      this.undoStack.push({ forward: command, inverse, coalesceKey: options.coalesceKey, at, selection });
    }
    this.redoStack = [];
    this.current = doc;
    this.currentSelection = selection.after;
    return doc;
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
