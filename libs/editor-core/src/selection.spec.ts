import { applyCommand } from './commands';
import { EditorHistory } from './history';
import { keyboardMove, neighbourOf } from './moves';
import { layoutRow, newBlock } from './new-blocks';
import { type Selection, selectionByKey, selectionPlace } from './selection';
import { twoRowGrid as grid } from './testing/designs';


describe('a selection by key', () => {
  it('follows its block when blocks before it come and go, and its row when rows move', () => {
    const doc = grid();
    const block = selectionByKey(doc, { kind: 'block', path: { row: 0, column: 1, block: 1 } });
    const row = selectionByKey(doc, { kind: 'row', row: 1 });
    const column = selectionByKey(doc, { kind: 'column', row: 0, column: 1 });
    let next = applyCommand(doc, { type: 'removeBlock', at: { row: 0, column: 1, block: 0 } }).doc;
    next = applyCommand(next, { type: 'moveRow', from: 1, to: 0 }).doc;
    expect(selectionPlace(next, block)).toEqual({ kind: 'block', path: { row: 1, column: 1, block: 0 } });
    expect(selectionPlace(next, row)).toEqual({ kind: 'row', row: 0 });
    expect(selectionPlace(next, column)).toEqual({ kind: 'column', row: 1, column: 1 });
    next = applyCommand(next, { type: 'removeBlock', at: { row: 1, column: 1, block: 0 } }).doc;
    expect(selectionPlace(next, block)).toBeNull();
  });

  it('is nothing for a place that holds nothing', () => {
    expect(selectionByKey(grid(), { kind: 'block', path: { row: 0, column: 0, block: 5 } })).toBeNull();
    expect(selectionByKey(grid(), { kind: 'body' })).toEqual({ kind: 'body' });
  });
});

describe('the selection in the history', () => {
  it('comes back with undo and redo, also after the history went through JSON', () => {
    const history = new EditorHistory(grid());
    const from: Selection = { kind: 'block', path: { row: 0, column: 0, block: 0 } };
    const move = keyboardMove(history.doc, from.path, 'down')!;
    const to: Selection = { kind: 'block', path: move.to };
    history.apply(move.command, { selection: { before: from, after: () => to } });
    history.apply({ type: 'rename', name: 'Renamed' }, { selection: { before: to, after: () => ({ kind: 'body' }) } });
    expect(history.selection).toEqual({ kind: 'body' });
    history.undo();
    expect(history.selection).toEqual(to);
    const restored = EditorHistory.restore(JSON.parse(JSON.stringify(history.serialize())));
    restored.undo();
    expect(restored.selection).toEqual(from);
    restored.redo();
    expect(restored.selection).toEqual(to);
    restored.redo();
    expect(restored.selection).toEqual({ kind: 'body' });
  });

  it('keeps the first selection of a step that typing joined', () => {
    const history = new EditorHistory(grid());
    const at = { row: 0, column: 0, block: 0 };
    const block: Selection = { kind: 'block', path: at };
    history.apply({ type: 'setRichText', at, content: [] }, { coalesceKey: 'typing', now: 1, selection: { before: null, after: () => block } });
    history.apply({ type: 'setRichText', at, content: [{ type: 'paragraph', content: [{ text: 'x' }] }] }, { coalesceKey: 'typing', now: 2, selection: { before: block, after: () => block } });
    history.undo();
    expect(history.selection).toBeNull();
  });
});

describe('neighbourOf', () => {
  it('is the next block in reading order, by its place once the block is gone, or the one before the last', () => {
    const doc = grid();
    expect(neighbourOf(doc, { row: 0, column: 0, block: 0 })).toEqual({ row: 0, column: 0, block: 0 });
    expect(neighbourOf(doc, { row: 0, column: 0, block: 1 })).toEqual({ row: 0, column: 1, block: 0 });
    expect(neighbourOf(doc, { row: 1, column: 0, block: 0 })).toEqual({ row: 0, column: 1, block: 1 });
    const single = { ...doc, body: { rows: [{ columns: [{ blocks: [newBlock('text')] }] }] } };
    expect(neighbourOf(single, { row: 0, column: 0, block: 0 })).toBeNull();
  });
});

describe('layoutRow', () => {
  it('makes equal columns without ratios and others with theirs', () => {
    expect(layoutRow([1, 1, 1])).toEqual({ columns: [{ blocks: [] }, { blocks: [] }, { blocks: [] }] });
    expect(layoutRow([1, 2])).toEqual({ columns: [{ ratio: 1, blocks: [] }, { ratio: 2, blocks: [] }] });
  });
});
