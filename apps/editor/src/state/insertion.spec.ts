import type { DesignDocument } from '@embed/design-document/model';
import { applyCommand, blankDesign, newBlock, newRow, type Selection } from '@embed/editor-core';
import { insertion, layoutInsertion, layoutPlace } from './insertion';

const text = newBlock('text');
const add = (doc: DesignDocument, selection: Selection = null) => {
  const { command, path } = insertion(doc, selection, text);
  return { doc: applyCommand(doc, command).doc, path };
};

describe('insertion', () => {
  it("puts a new design's first block in its empty row, leaving no empty row behind", () => {
    const { doc, path } = add(blankDesign('page', 'Untitled'));
    expect(doc.body.rows).toEqual([{ columns: [{ blocks: [text] }] }]);
    expect(path).toEqual({ row: 0, column: 0, block: 0 });
  });

  it('with nothing selected, fills an empty last row and otherwise adds a row at the end', () => {
    const blank = blankDesign('email', 'Untitled');
    const once = add(blank).doc;
    const twice = add(once);
    expect(twice.doc.body.rows).toEqual([{ columns: [{ blocks: [text] }] }, { columns: [{ blocks: [text] }] }]);
    expect(twice.path).toEqual({ row: 1, column: 0, block: 0 });
    const withEmptyTwoColumns = { ...once, body: { rows: [...once.body.rows, newRow(2)] } };
    expect(add(withEmptyTwoColumns).doc.body.rows[1]).toEqual({ columns: [{ blocks: [text] }, { blocks: [] }] });
  });

  it('goes after the selected block, or at the end of the selected row', () => {
    const doc = add(blankDesign('email', 'Untitled')).doc;
    expect(add(doc, { kind: 'block', path: { row: 0, column: 0, block: 0 } }).path).toEqual({ row: 0, column: 0, block: 1 });
    expect(add(doc, { kind: 'row', row: 0 }).path).toEqual({ row: 0, column: 0, block: 1 });
  });

  it('goes into the selected column, an empty one too', () => {
    const doc = { ...blankDesign('email', 'Untitled'), body: { rows: [{ columns: [{ blocks: [text] }] }, newRow(2)] } };
    const { doc: next, path } = add(doc, { kind: 'column', row: 1, column: 1 });
    expect(path).toEqual({ row: 1, column: 1, block: 0 });
    expect(next.body.rows).toEqual([{ columns: [{ blocks: [text] }] }, { columns: [{ blocks: [] }, { blocks: [text] }] }]);
  });
});

describe('row layouts', () => {
  it('go after the row the selection is in, or at the end', () => {
    const doc = { ...blankDesign('email', 'Untitled'), body: { rows: [newRow(1), newRow(2), newRow(1)] } };
    expect(layoutPlace(doc, { kind: 'column', row: 1, column: 1 })).toBe(2);
    expect(layoutPlace(doc, { kind: 'block', path: { row: 0, column: 0, block: 0 } })).toBe(1);
    expect(layoutPlace(doc, null)).toBe(3);
    const { command, row } = layoutInsertion(doc, 1, [1, 2]);
    expect(row).toBe(1);
    expect(applyCommand(doc, command).doc.body.rows[1]).toEqual({ columns: [{ ratio: 1, blocks: [] }, { ratio: 2, blocks: [] }] });
  });

  it("take a new design's only, empty row instead of adding one beside it", () => {
    const blank = blankDesign('email', 'Untitled');
    const { command, row } = layoutInsertion(blank, 1, [1, 1, 1]);
    expect(row).toBe(0);
    expect(applyCommand(blank, command).doc.body.rows).toEqual([newRow(3)]);
  });
});
