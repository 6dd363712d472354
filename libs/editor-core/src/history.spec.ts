import type { DesignDocument, TextBlock } from '@embed/design-document';
import { EditorHistory, TYPING_PAUSE_MS } from './history';
import { keyOf } from './keys';
import { newBlock } from './new-blocks';
import { exampleEmail as email } from './testing/designs';

const at = { row: 0, column: 0, block: 0 };
const typed = (text: string): TextBlock['content'] => [{ type: 'paragraph', content: [{ text }] }];
const textOf = (doc: DesignDocument) => (doc.body.rows[0].columns[0].blocks[0] as TextBlock).content;

describe('EditorHistory', () => {
  it('undoes and redoes every step', () => {
    const original = email();
    const history = new EditorHistory(original);
    history.apply({ type: 'insertBlock', at, block: newBlock('text') });
    const added = history.doc;
    history.apply({ type: 'rename', name: 'Two' });
    expect(history.undo()).toStrictEqual(added);
    expect(history.undo()).toStrictEqual(original);
    expect(history.canUndo).toBe(false);
    expect(history.redo()).toStrictEqual(added);
    expect(history.redo().name).toBe('Two');
    expect(history.canRedo).toBe(false);
  });

  it('makes one step of typing into one block until a pause', () => {
    const history = new EditorHistory(email());
    history.apply({ type: 'insertBlock', at, block: newBlock('text') });
    const empty = history.doc;
    ['H', 'He', 'Hel'].forEach((text, i) => history.apply({ type: 'setRichText', at, content: typed(text) }, { coalesceKey: 'text', now: 1000 + i * 100 }));
    history.apply({ type: 'setRichText', at, content: typed('Hello') }, { coalesceKey: 'text', now: 1200 + TYPING_PAUSE_MS });
    expect(textOf(history.undo())).toEqual(typed('Hel'));
    expect(history.undo()).toStrictEqual(empty);
    expect(textOf(history.redo())).toEqual(typed('Hel'));
    expect(textOf(history.redo())).toEqual(typed('Hello'));
  });

  it('forgets what was undone once something new is done', () => {
    const history = new EditorHistory(email());
    history.apply({ type: 'rename', name: 'One' });
    history.undo();
    history.apply({ type: 'rename', name: 'Other' });
    expect(history.canRedo).toBe(false);
    expect(history.undo().name).toBe(email().name);
  });

  it('starts afresh from a document it is reset to', () => {
    const history = new EditorHistory(email());
    history.apply({ type: 'rename', name: 'One' });
    history.reset(email());
    expect(history.canUndo).toBe(false);
  });
});

describe('EditorHistory.serialize and restore', () => {
  /** 300 steps of every kind, including those whose inverse takes a field away (undefined). */
  function edited(): { history: EditorHistory; states: DesignDocument[] } {
    const history = new EditorHistory(email());
    const states = [history.doc];
    for (let i = 0; states.length <= 300; i++) {
      switch (i % 6) {
        case 0:
          history.apply({ type: 'insertBlock', at, block: newBlock('text') });
          break;
        case 1:
          history.apply({ type: 'setRichText', at, content: typed(`Step ${i}`) });
          break;
        case 2:
          history.apply({ type: 'patchBlock', at, patch: { style: { color: '#1f5f4a' } } }); // the inverse takes style away
          break;
        case 3:
          history.apply({ type: 'setColumnRatios', row: 2, ratios: [i % 5 === 0 ? undefined : 2, 1] });
          break;
        case 4:
          history.apply({ type: 'rename', name: i % 4 === 0 ? undefined : `Name ${i}` });
          break;
        case 5:
          history.apply({ type: 'removeBlock', at });
          break;
      }
      states.push(history.doc);
    }
    return { history, states };
  }

  it('keeps 300 undo steps through JSON and back: every one undoes to the state before it, then redoes', () => {
    const { history, states } = edited();
    const restored = EditorHistory.restore(JSON.parse(JSON.stringify(history.serialize())));
    expect(restored.doc).toStrictEqual(states[300]);
    for (let step = 299; step >= 0; step--) expect(restored.undo()).toStrictEqual(states[step]);
    expect(restored.canUndo).toBe(false);
    for (let step = 1; step <= 300; step++) expect(restored.redo()).toStrictEqual(states[step]);
  });

  it('keeps the redo stack, and typing after a restore starts a step of its own', () => {
    const { history, states } = edited();
    history.undo();
    history.undo();
    const restored = EditorHistory.restore(JSON.parse(JSON.stringify(history.serialize())));
    expect(restored.doc).toStrictEqual(states[298]);
    expect(restored.redo()).toStrictEqual(states[299]);
    restored.undo();
    restored.apply({ type: 'rename', name: 'After reload' }, { coalesceKey: 'name' });
    expect(restored.canRedo).toBe(false);
    expect(restored.undo()).toStrictEqual(states[298]);
  });

  it('refuses a history of an unknown version', () => {
    expect(() => EditorHistory.restore({ ...new EditorHistory(email()).serialize(), version: 2 as 1 })).toThrow(/version 2/);
  });
});

describe('an edit that finishes later', () => {
  it('joins only the step that inserted its block', () => {
    const doc = { schemaVersion: 1, mode: 'email', settings: { subject: 'Hi' }, body: { rows: [{ columns: [{ blocks: [] }] }] } } as DesignDocument;
    const history = new EditorHistory(doc);
    history.apply({ type: 'rename', name: 'first' });
    const renamed = history.lastStep as number;
    history.apply({ type: 'insertBlock', at: { row: 0, column: 0, block: 0 }, block: newBlock('image') });
    const inserted = history.lastStep as number;
    const key = keyOf(history.doc.body.rows[0].columns[0].blocks[0]);
    expect(history.joinInsertedBlock(renamed, key, { src: 'https://files.example/a.png' })).toBe(false);
    expect(history.joinInsertedBlock(inserted, 'another block', { src: 'https://files.example/a.png' })).toBe(false);
    expect(() => history.joinInsertedBlock(inserted, key, { src: 'javascript:alert(1)' })).toThrow('not be valid');
    expect(history.joinInsertedBlock(inserted, key, { src: 'https://files.example/a.png' })).toBe(true);
    expect(history.doc.body.rows[0].columns[0].blocks[0]).toMatchObject({ src: 'https://files.example/a.png' });
    history.undo();
    history.redo();
    expect(history.doc.body.rows[0].columns[0].blocks[0]).toMatchObject({ src: 'https://files.example/a.png' });
  });
});
