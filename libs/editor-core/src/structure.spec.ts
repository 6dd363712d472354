import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DesignDocument } from '@embed/design-document';
import { applyCommand, EDIT_LIMITS } from './commands';
import { findBlock, keyOf } from './keys';
import { newBlock, newRow } from './new-blocks';
import { CommandError } from './paths';
import { duplicateBlock, duplicateRow, freshId, moveColumn, removeColumn, setColumnCount } from './structure';

const repo = path.resolve(__dirname, '../../..');
const example = (mode = 'page'): DesignDocument => JSON.parse(readFileSync(path.join(repo, 'docs/examples/designs', `${mode}.json`), 'utf8'));

/** One row of `columns` columns holding `perColumn` blocks each, texts with ids. */
function grid(columns: number, perColumn: number): DesignDocument {
  const doc = { ...example('email'), body: { rows: [newRow(columns)] } };
  doc.body.rows[0].columns.forEach((column, c) => (column.blocks = Array.from({ length: perColumn }, (_, b) => ({ ...newBlock('text'), id: `t${c}-${b}` }))));
  return doc;
}

describe('duplicating', () => {
  it('gives a copied block a new id and keeps one without an id without', () => {
    const doc = grid(1, 2);
    const { command, to } = duplicateBlock(doc, { row: 0, column: 0, block: 0 });
    const after = applyCommand(doc, command).doc;
    expect(to).toEqual({ row: 0, column: 0, block: 1 });
    expect(after.body.rows[0].columns[0].blocks.map((block) => block.id)).toEqual(['t0-0', 't0-0-copy', 't0-1']);
    const again = applyCommand(after, duplicateBlock(after, { row: 0, column: 0, block: 0 }).command).doc;
    expect(again.body.rows[0].columns[0].blocks[1].id).toBe('t0-0-copy-2');
    const plain = { ...doc, body: { rows: [{ columns: [{ blocks: [newBlock('divider')] }] }] } };
    expect(applyCommand(plain, duplicateBlock(plain, { row: 0, column: 0, block: 0 }).command).doc.body.rows[0].columns[0].blocks[1]).toEqual({ type: 'divider' });
  });

  it('copies a row with new ids for it, its columns and its blocks, sharing nothing', () => {
    const doc = example('page');
    const index = doc.body.rows.findIndex((row) => row.id);
    const after = applyCommand(doc, duplicateRow(doc, index)).doc;
    const [original, copy] = [after.body.rows[index], after.body.rows[index + 1]];
    expect(copy.id).toBe(`${original.id}-copy`);
    const ids = JSON.stringify(after).match(/"id":"[^"]+"/g) ?? [];
    expect(new Set(ids).size).toBe(ids.length);
    expect(copy.columns[0].blocks[0]).not.toBe(original.columns[0].blocks[0]);
  });

  it('keeps made ids within 64 characters', () => {
    expect(freshId('x'.repeat(64), new Set())).toHaveLength(64);
  });
});

describe('columns', () => {
  it('moves the blocks of columns taken away into the columns kept, as far as each has room', () => {
    const doc = grid(3, 2);
    const after = applyCommand(doc, setColumnCount(doc, 0, 1)).doc;
    expect(after.body.rows[0].columns[0].blocks.map((block) => block.id)).toEqual(['t0-0', 't0-1', 't1-0', 't1-1', 't2-0', 't2-1']);
  });

  it('refuses a count the blocks do not fit in, and spreads them when they do', () => {
    const full = grid(2, EDIT_LIMITS.blocksPerColumn - 20);
    expect(() => setColumnCount(full, 0, 1)).toThrow(CommandError);
    const three = grid(3, 30);
    const after = applyCommand(three, setColumnCount(three, 0, 2)).doc;
    expect(after.body.rows[0].columns.map((column) => column.blocks.length)).toEqual([40, 50]);
  });

  it('adds empty columns, and keeps a column that did not change the same object', () => {
    const doc = grid(1, 1);
    const after = applyCommand(doc, setColumnCount(doc, 0, 3)).doc;
    expect(after.body.rows[0].columns).toHaveLength(3);
    expect(after.body.rows[0].columns[0]).toBe(doc.body.rows[0].columns[0]);
  });

  it('removes a chosen column with its blocks, and reorders columns', () => {
    const doc = grid(3, 1);
    const removed = applyCommand(doc, removeColumn(doc, 0, 1)).doc;
    expect(removed.body.rows[0].columns.map((column) => column.blocks[0].id)).toEqual(['t0-0', 't2-0']);
    const moved = applyCommand(doc, moveColumn(doc, 0, 0, 2)).doc;
    expect(moved.body.rows[0].columns.map((column) => column.blocks[0].id)).toEqual(['t1-0', 't2-0', 't0-0']);
    expect(() => removeColumn(grid(1, 1), 0, 0)).toThrow(CommandError);
  });
});

describe('keys', () => {
  it('follow a block through edits and moves, and are new for a copy', () => {
    const doc = grid(2, 2);
    const first = doc.body.rows[0].columns[0].blocks[0];
    const key = keyOf(first);
    let after = applyCommand(doc, { type: 'setRichText', at: { row: 0, column: 0, block: 0 }, content: [{ type: 'paragraph', content: [{ text: 'hi' }] }] }).doc;
    after = applyCommand(after, { type: 'moveBlock', from: { row: 0, column: 0, block: 0 }, to: { row: 0, column: 1, block: 1 } }).doc;
    after = applyCommand(after, { type: 'patchBlock', at: { row: 0, column: 1, block: 1 }, patch: { style: { padding: '4px' } } }).doc;
    expect(findBlock(after, key)?.path).toEqual({ row: 0, column: 1, block: 1 });
    expect(keyOf(after.body.rows[0])).toBe(keyOf(doc.body.rows[0]));
    const copied = applyCommand(after, duplicateBlock(after, { row: 0, column: 1, block: 1 }).command).doc;
    expect(keyOf(copied.body.rows[0].columns[1].blocks[2])).not.toBe(key);
    expect(findBlock(applyCommand(after, { type: 'removeBlock', at: { row: 0, column: 1, block: 1 } }).doc, key)).toBeNull();
  });
});
