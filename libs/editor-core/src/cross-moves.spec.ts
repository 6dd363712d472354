import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { type DesignDocument, DESIGN_MODES, validateDesign } from '@embed/design-document';
import { applyCommand, type Command } from './commands';
import { newBlock, newRow } from './new-blocks';
import { CommandError } from './paths';

const repo = path.resolve(__dirname, '../../..');
const example = (mode: string): DesignDocument => JSON.parse(readFileSync(path.join(repo, 'docs/examples/designs', `${mode}.json`), 'utf8'));

/** Row 0: text, heading; row 1: image | button, a third and two thirds; row 2: divider. */
function grid(): DesignDocument {
  const rows = [newRow(1), { columns: [{ ratio: 1, blocks: [newBlock('image')] }, { ratio: 2, style: { padding: '8px' }, blocks: [newBlock('button')] }] }, newRow(1)];
  rows[0].columns[0].blocks = [newBlock('text'), newBlock('heading')];
  rows[2].columns[0].blocks = [newBlock('divider')];
  return { ...example('email'), body: { rows } };
}
const types = (doc: DesignDocument) => doc.body.rows.map((row) => row.columns.map((column) => column.blocks.map((block) => block.type).join(',')).join('|'));

describe('a block dropped between rows', () => {
  it('becomes a row of its own at that place, its old row kept, and undo puts it back', () => {
    const doc = grid();
    const { doc: moved, inverse } = applyCommand(doc, { type: 'blockToNewRow', from: { row: 0, column: 0, block: 1 }, index: 2 });
    expect(types(moved)).toEqual(['text', 'image|button', 'heading', 'divider']);
    expect(moved.body.rows[2]).toEqual({ columns: [{ blocks: [doc.body.rows[0].columns[0].blocks[1]] }] });
    expect(inverse).toEqual({ type: 'newRowToBlock', index: 2, to: { row: 0, column: 0, block: 1 } });
    expect(applyCommand(moved, inverse).doc).toEqual(doc);
  });

  it('goes above its own row too, counting rows as they are', () => {
    const { doc: moved } = applyCommand(grid(), { type: 'blockToNewRow', from: { row: 1, column: 1, block: 0 }, index: 0 });
    expect(types(moved)).toEqual(['button', 'text,heading', 'image|', 'divider']);
  });

  it('is undone only from a row of one block alone: a row that has more, or a style, is not taken apart', () => {
    expect(() => applyCommand(grid(), { type: 'newRowToBlock', index: 0, to: { row: 0, column: 0, block: 0 } })).toThrow(CommandError);
    const styled = grid();
    styled.body.rows[2] = { ...styled.body.rows[2], style: { backgroundColor: '#fff' } };
    expect(() => applyCommand(styled, { type: 'newRowToBlock', index: 2, to: { row: 0, column: 0, block: 0 } })).toThrow('not a row of one block alone');
  });
});

describe('a column moved into another row', () => {
  it('carries its blocks, width and style; both rows keep valid widths; undo restores both rows exactly', () => {
    const doc = grid();
    const { doc: moved, inverse } = applyCommand(doc, { type: 'moveColumnToRow', from: { row: 1, column: 1 }, to: { row: 0, column: 0 } });
    expect(types(moved)).toEqual(['button|text,heading', 'image', 'divider']);
    expect(moved.body.rows[0].columns[0]).toBe(doc.body.rows[1].columns[1]);
    expect(validateDesign(moved).valid).toBe(true);
    expect(applyCommand(moved, inverse).doc).toEqual(doc);
  });

  it('refuses to empty a row or to fill one past four columns, saying why', () => {
    expect(() => applyCommand(grid(), { type: 'moveColumnToRow', from: { row: 0, column: 0 }, to: { row: 1, column: 0 } })).toThrow('row 1 keeps at least one column');
    const full = grid();
    full.body.rows[0] = newRow(4);
    let refusal: unknown;
    try {
      applyCommand(full, { type: 'moveColumnToRow', from: { row: 1, column: 0 }, to: { row: 0, column: 4 } });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(CommandError);
    expect((refusal as CommandError).reason).toBe('row_full');
  });
});

describe('every cross-row move', () => {
  const index = fc.integer({ min: -1, max: 6 });
  const place = fc.record({ row: index, column: fc.integer({ min: -1, max: 4 }) });
  const move: fc.Arbitrary<Command> = fc.oneof(
    fc.record({ type: fc.constant('blockToNewRow' as const), from: fc.record({ row: index, column: fc.integer({ min: 0, max: 3 }), block: index }), index }),
    fc.record({ type: fc.constant('moveColumnToRow' as const), from: place, to: place }),
  );
  // Columns of every layout in every mode's example: a row of four included, so that "full" is reached.
  const start = (mode: string) => {
    const doc = example(mode);
    return { ...doc, body: { ...doc.body, rows: [...doc.body.rows, newRow(4), newRow(2)] } } as DesignDocument;
  };

  it.each(DESIGN_MODES)('leaves a design the server takes, and its inverse brings back exactly the design before (%s)', (mode) => {
    fc.assert(
      fc.property(fc.array(move, { minLength: 1, maxLength: 12 }), (moves) => {
        let doc = start(mode);
        const undo: { before: DesignDocument; inverse: Command }[] = [];
        for (const next of moves) {
          try {
            const applied = applyCommand(doc, next);
            undo.push({ before: doc, inverse: applied.inverse });
            doc = applied.doc;
          } catch (error) {
            if (!(error instanceof CommandError)) throw error;
            continue;
          }
          const validation = validateDesign(doc);
          expect(validation.valid ? [] : validation.errors).toEqual([]);
        }
        for (const { before, inverse } of undo.reverse()) {
          doc = applyCommand(doc, inverse).doc;
          expect(doc).toEqual(before);
        }
      }),
      { numRuns: 200 },
    );
  });
});
