import type { DesignDocument } from '@embed/design-document/model';
import { applyCommand, blankDesign, newBlock, newRow } from '@embed/editor-core';
import { type Dragged, dropCommand, type DropPlace } from './drops';

/** Row 0: one column with text, heading; row 1: two columns (image | button); row 2: divider. */
function grid(): DesignDocument {
  const rows = [newRow(1), newRow(2), newRow(1)];
  rows[0].columns[0].blocks = [newBlock('text'), newBlock('heading')];
  rows[1].columns[0].blocks = [newBlock('image')];
  rows[1].columns[1].blocks = [newBlock('button')];
  rows[2].columns[0].blocks = [newBlock('divider')];
  return { ...blankDesign('email', 'Drops'), body: { rows } };
}

const types = (doc: DesignDocument) => doc.body.rows.map((row) => row.columns.map((column) => column.blocks.map((block) => block.type).join(',')).join('|'));
const dropped = (dragged: Dragged, place: DropPlace, doc = grid()) => {
  const drop = dropCommand(doc, dragged, place);
  return drop && { doc: applyCommand(doc, drop.command).doc, select: drop.select };
};

describe('dropCommand', () => {
  it('puts a new block at any place of any column, or in a row of its own between rows', () => {
    const into = dropped({ kind: 'newBlock', type: 'social' }, { kind: 'block', path: { row: 1, column: 1, block: 0 } })!;
    expect(types(into.doc)).toEqual(['text,heading', 'image|social,button', 'divider']);
    expect(into.select).toEqual({ kind: 'block', path: { row: 1, column: 1, block: 0 } });
    expect(types(dropped({ kind: 'newBlock', type: 'spacer' }, { kind: 'row', index: 1 })!.doc)).toEqual(['text,heading', 'spacer', 'image|button', 'divider']);
  });

  it('moves a block before another, counting the place it leaves, and does nothing where it is', () => {
    const down = dropped({ kind: 'block', path: { row: 0, column: 0, block: 0 } }, { kind: 'block', path: { row: 1, column: 1, block: 1 } })!;
    expect(types(down.doc)).toEqual(['heading', 'image|button,text', 'divider']);
    const below = dropped({ kind: 'block', path: { row: 0, column: 0, block: 0 } }, { kind: 'block', path: { row: 0, column: 0, block: 2 } })!;
    expect(types(below.doc)).toEqual(['heading,text', 'image|button', 'divider']);
    expect(below.select).toEqual({ kind: 'block', path: { row: 0, column: 0, block: 1 } });
    expect(dropped({ kind: 'block', path: { row: 0, column: 0, block: 0 } }, { kind: 'block', path: { row: 0, column: 0, block: 1 } })).toBeNull();
  });

  it('makes a block dropped between rows a row of its own there, and does nothing next to the row it is alone in', () => {
    const out = dropped({ kind: 'block', path: { row: 0, column: 0, block: 0 } }, { kind: 'row', index: 1 })!;
    expect(types(out.doc)).toEqual(['heading', 'text', 'image|button', 'divider']);
    expect(out.select).toEqual({ kind: 'block', path: { row: 1, column: 0, block: 0 } });
    expect(dropped({ kind: 'block', path: { row: 2, column: 0, block: 0 } }, { kind: 'row', index: 2 })).toBeNull();
    expect(dropped({ kind: 'block', path: { row: 2, column: 0, block: 0 } }, { kind: 'row', index: 3 })).toBeNull();
    expect(types(dropped({ kind: 'block', path: { row: 2, column: 0, block: 0 } }, { kind: 'row', index: 0 })!.doc)).toEqual(['divider', 'text,heading', 'image|button', '']);
  });

  it('moves rows and columns to the place dropped on', () => {
    expect(types(dropped({ kind: 'row', index: 0 }, { kind: 'row', index: 3 })!.doc)).toEqual(['image|button', 'divider', 'text,heading']);
    expect(types(dropped({ kind: 'row', index: 2 }, { kind: 'row', index: 0 })!.doc)).toEqual(['divider', 'text,heading', 'image|button']);
    expect(dropped({ kind: 'row', index: 1 }, { kind: 'row', index: 2 })).toBeNull();
    const swapped = dropped({ kind: 'column', row: 1, column: 0 }, { kind: 'column', row: 1, index: 2 })!;
    expect(types(swapped.doc)[1]).toBe('button|image');
    expect(swapped.select).toEqual({ kind: 'column', row: 1, column: 1 });
    const across = dropped({ kind: 'column', row: 1, column: 0 }, { kind: 'column', row: 0, index: 1 })!;
    expect(types(across.doc)).toEqual(['text,heading|image', 'button', 'divider']);
    expect(across.select).toEqual({ kind: 'column', row: 0, column: 1 });
  });

  it('inserts a row layout at any place', () => {
    const third = dropped({ kind: 'layout', ratios: [1, 2] }, { kind: 'row', index: 0 })!;
    expect(third.doc.body.rows[0]).toEqual({ columns: [{ ratio: 1, blocks: [] }, { ratio: 2, blocks: [] }] });
    expect(third.select).toEqual({ kind: 'row', row: 0 });
  });
});
