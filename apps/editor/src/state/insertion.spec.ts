import type { DesignDocument } from '@embed/design-document/model';
import { applyCommand, blankDesign, newBlock, newRow } from '@embed/editor-core';
import type { Selection } from './editor-store';
import { insertion } from './insertion';

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
});
