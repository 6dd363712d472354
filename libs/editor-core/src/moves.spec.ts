import type { DesignDocument } from '@embed/design-document';
import { applyCommand } from './commands';
import { dropTarget, keyboardMove } from './moves';
import { twoRowGrid as grid } from './testing/designs';


const typesOf = (doc: DesignDocument) => doc.body.rows.map((row) => row.columns.map((column) => column.blocks.map((block) => block.type)));

describe('keyboard moves', () => {
  it('moves a block within its column, then into the next row and back', () => {
    let doc = grid();
    const step = (from: Parameters<typeof keyboardMove>[1], direction: Parameters<typeof keyboardMove>[2]) => {
      const move = keyboardMove(doc, from, direction)!;
      doc = applyCommand(doc, move.command).doc;
      return move.to;
    };
    let at = step({ row: 0, column: 0, block: 0 }, 'down');
    expect(typesOf(doc)[0][0]).toEqual(['heading', 'text']);
    at = step(at, 'down');
    expect(typesOf(doc)).toEqual([[['heading'], ['image', 'button']], [['text', 'divider']]]);
    at = step(at, 'up');
    expect(at).toEqual({ row: 0, column: 0, block: 1 });
    expect(typesOf(doc)[0][0]).toEqual(['heading', 'text']);
    at = step(at, 'right');
    expect(typesOf(doc)[0]).toEqual([['heading'], ['image', 'text', 'button']]);
    expect(keyboardMove(doc, at, 'right')).toBeNull();
  });

  it('stops at the top of the design', () => {
    expect(keyboardMove(grid(), { row: 0, column: 0, block: 0 }, 'up')).toBeNull();
    expect(keyboardMove(grid(), { row: 1, column: 0, block: 0 }, 'down')).toBeNull();
  });
});

describe('dropTarget', () => {
  it('counts the place a block leaves in its own column', () => {
    expect(dropTarget({ row: 0, column: 0, block: 0 }, { row: 0, column: 0, block: 2 })).toEqual({ row: 0, column: 0, block: 1 });
    expect(dropTarget({ row: 0, column: 0, block: 1 }, { row: 0, column: 1, block: 2 })).toEqual({ row: 0, column: 1, block: 2 });
  });
});
