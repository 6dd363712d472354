import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { BLOCK_TYPES, blockTypesFor, type DesignDocument, DESIGN_MODES, type EmailDesign, validateDesign } from '@embed/design-document';
import { applyCommand, type Command } from './commands';
import { newBlock, newRow } from './new-blocks';
import { blockPaths, CommandError } from './paths';

const repo = path.resolve(__dirname, '../../..');
const example = <D extends DesignDocument = EmailDesign>(mode: string): D =>
  JSON.parse(readFileSync(path.join(repo, 'docs/examples/designs', `${mode}.json`), 'utf8'));

/** Applies the command, checks that its inverse gives back exactly the document before it, and returns the result. */
function applyAndCheckInverse(doc: DesignDocument, command: Command): DesignDocument {
  const before = structuredClone(doc);
  const { doc: after, inverse } = applyCommand(doc, command);
  expect(doc).toStrictEqual(before);
  expect(applyCommand(after, inverse).doc).toStrictEqual(before);
  return after;
}

const valid = (doc: DesignDocument) => {
  const result = validateDesign(doc);
  return result.valid ? [] : result.errors;
};

describe('commands', () => {
  it('inserts a block of each type the mode allows, valid for the renderer', () => {
    for (const mode of DESIGN_MODES) {
      let doc = example<DesignDocument>(mode);
      for (const type of blockTypesFor(mode)) {
        doc = applyAndCheckInverse(doc, { type: 'insertBlock', at: { row: 0, column: 0, block: 0 }, block: newBlock(type) });
        expect(doc.body.rows[0].columns[0].blocks[0].type).toBe(type);
      }
      expect(valid(doc)).toEqual([]);
    }
  });

  it('refuses a block into a full column, by insert or move, saying the column is full', () => {
    const doc = example('email');
    const full = { ...doc, body: { ...doc.body, rows: [{ columns: [{ blocks: Array.from({ length: 50 }, () => newBlock('divider')) }, { blocks: [newBlock('spacer')] }] }] } };
    const refusal = (command: Command): [string | undefined, string] | 'applied' => {
      try {
        applyCommand(full, command);
      } catch (error) {
        if (error instanceof CommandError) return [error.reason, error.message];
        throw error;
      }
      return 'applied';
    };
    expect(refusal({ type: 'insertBlock', at: { row: 0, column: 0, block: 50 }, block: newBlock('text') })).toEqual(['column_full', 'column 1 of row 1 holds at most 50 blocks']);
    expect(refusal({ type: 'moveBlock', from: { row: 0, column: 1, block: 0 }, to: { row: 0, column: 0, block: 0 } })).toEqual(['column_full', expect.any(String)]);
    expect(refusal({ type: 'moveBlock', from: { row: 0, column: 0, block: 0 }, to: { row: 0, column: 0, block: 49 } })).toBe('applied');
  });

  it('refuses a block the mode does not allow', () => {
    expect(() => applyCommand(example('email'), { type: 'insertBlock', at: { row: 0, column: 0, block: 0 }, block: newBlock('form') })).toThrow(CommandError);
  });

  it('removes, moves across columns and duplicates blocks', () => {
    const doc = example('email');
    const [first] = doc.body.rows[1].columns[0].blocks;
    const removed = applyAndCheckInverse(doc, { type: 'removeBlock', at: { row: 1, column: 0, block: 0 } });
    expect(removed.body.rows[1].columns[0].blocks).toEqual(doc.body.rows[1].columns[0].blocks.slice(1));
    const target = doc.body.rows.findIndex((row) => row.columns.length > 1);
    const moved = applyAndCheckInverse(doc, { type: 'moveBlock', from: { row: 1, column: 0, block: 0 }, to: { row: target, column: 1, block: 0 } });
    expect(moved.body.rows[target].columns[1].blocks[0]).toBe(first);
    const within = applyAndCheckInverse(doc, { type: 'moveBlock', from: { row: 1, column: 0, block: 0 }, to: { row: 1, column: 0, block: 1 } });
    expect(within.body.rows[1].columns[0].blocks[1]).toBe(first);
  });

  it('patches a block, removing fields set to undefined', () => {
    const doc = example('email');
    const at = [...blockPaths(doc)].find((p) => doc.body.rows[p.row].columns[p.column].blocks[p.block].type === 'button')!;
    const patched = applyAndCheckInverse(doc, { type: 'patchBlock', at, patch: { text: 'Buy', style: undefined } });
    expect(patched.body.rows[at.row].columns[at.column].blocks[at.block]).not.toHaveProperty('style');
    expect(patched.body.rows[at.row].columns[at.column].blocks[at.block]).toMatchObject({ text: 'Buy' });
    expect(() => applyCommand(doc, { type: 'patchBlock', at, patch: { type: 'text' } })).toThrow(CommandError);
  });

  it('sets rich text on text and heading blocks only', () => {
    const doc = example('email');
    const text = [...blockPaths(doc)].find((p) => doc.body.rows[p.row].columns[p.column].blocks[p.block].type === 'text')!;
    const content = [{ type: 'paragraph' as const, content: [{ text: 'Hi ' }, { text: '{{contact.first_name}}', bold: true }] }];
    const after = applyAndCheckInverse(doc, { type: 'setRichText', at: text, content });
    expect(after.body.rows[text.row].columns[text.column].blocks[text.block]).toMatchObject({ type: 'text', content });
    const image = [...blockPaths(doc)].find((p) => doc.body.rows[p.row].columns[p.column].blocks[p.block].type === 'image')!;
    expect(() => applyCommand(doc, { type: 'setRichText', at: image, content })).toThrow(CommandError);
  });

  it('adds, removes, moves and patches rows, and keeps 1 to 4 columns', () => {
    const doc = example('email');
    const added = applyAndCheckInverse(doc, { type: 'insertRow', index: 1, row: newRow(3) });
    expect(added.body.rows[1].columns).toHaveLength(3);
    applyAndCheckInverse(doc, { type: 'removeRow', index: 0 });
    const moved = applyAndCheckInverse(doc, { type: 'moveRow', from: 0, to: doc.body.rows.length - 1 });
    expect(moved.body.rows.at(-1)).toBe(doc.body.rows[0]);
    applyAndCheckInverse(doc, { type: 'patchRow', index: 0, patch: { hideOn: 'mobile', style: { padding: '4px' } } });
    applyAndCheckInverse(doc, { type: 'setColumns', row: 0, columns: [...doc.body.rows[0].columns, { blocks: [] }] });
    expect(() => applyCommand(doc, { type: 'setColumns', row: 0, columns: [] })).toThrow(CommandError);
    expect(() => applyCommand(doc, { type: 'insertRow', index: 0, row: newRow(5) })).toThrow(CommandError);
  });

  it('changes column ratios within 1 to 12', () => {
    const doc = example('email');
    const row = doc.body.rows.findIndex((r) => r.columns.length === 2);
    const after = applyAndCheckInverse(doc, { type: 'setColumnRatios', row, ratios: [2, 1] });
    expect(after.body.rows[row].columns.map((c) => c.ratio)).toEqual([2, 1]);
    expect(() => applyCommand(doc, { type: 'setColumnRatios', row, ratios: [13, 1] })).toThrow(CommandError);
    expect(() => applyCommand(doc, { type: 'setColumnRatios', row, ratios: [1] })).toThrow(CommandError);
  });

  it('patches a column, the body style and the settings, and renames', () => {
    const doc = example('email');
    applyAndCheckInverse(doc, { type: 'patchColumn', row: 0, column: 0, patch: { style: { verticalAlign: 'middle' } } });
    applyAndCheckInverse(doc, { type: 'patchBodyStyle', patch: { backgroundColor: '#000000', lineHeight: undefined } });
    const renamed = applyAndCheckInverse(doc, { type: 'rename', name: 'Spring sale' });
    expect(renamed.name).toBe('Spring sale');
    const subject = applyAndCheckInverse(doc, { type: 'patchSettings', patch: { subject: 'Hello {{contact.first_name}}' } });
    expect(subject.settings).toMatchObject({ subject: 'Hello {{contact.first_name}}' });
  });

  it('replaces the whole design with one of the same mode (a restore point)', () => {
    const doc = example('email');
    const older = { ...doc, settings: { subject: 'Older' } };
    expect(applyAndCheckInverse(doc, { type: 'replaceDesign', doc: older })).toBe(older);
    expect(() => applyCommand(doc, { type: 'replaceDesign', doc: example<DesignDocument>('page') })).toThrow(CommandError);
  });
});

/** A command for whatever the document holds now, chosen by random numbers; null when none fits. */
function commandFor(doc: DesignDocument, pick: number[]): Command | null {
  const [kind, a, b, c, d] = pick;
  const rows = doc.body.rows;
  const paths = [...blockPaths(doc)];
  const row = rows.length ? a % rows.length : 0;
  const columns = rows[row]?.columns ?? [];
  const column = columns.length ? b % columns.length : 0;
  const path = paths.length ? paths[a % paths.length] : null;
  switch (kind % 10) {
    case 0: {
      if (!rows.length) return null;
      const types = blockTypesFor(doc.mode);
      return { type: 'insertBlock', at: { row, column, block: c % (columns[column].blocks.length + 1) }, block: newBlock(types[d % types.length]) };
    }
    case 1:
      return path && { type: 'removeBlock', at: path };
    case 2: {
      if (!path) return null;
      const to = paths[c % paths.length];
      const sameColumn = to.row === path.row && to.column === path.column;
      const length = doc.body.rows[to.row].columns[to.column].blocks.length;
      return { type: 'moveBlock', from: path, to: { ...to, block: d % (sameColumn ? length : length + 1) } };
    }
    case 3:
      return { type: 'insertRow', index: c % (rows.length + 1), row: newRow(1 + (d % 4)) };
    case 4:
      return rows.length ? { type: 'removeRow', index: row } : null;
    case 5:
      return rows.length ? { type: 'moveRow', from: row, to: c % rows.length } : null;
    case 6:
      return rows.length ? { type: 'setColumnRatios', row, ratios: columns.map((_, i) => (i === column ? 1 + (d % 12) : undefined)) } : null;
    case 7:
      return rows.length ? { type: 'patchRow', index: row, patch: { hideOn: d % 2 ? 'mobile' : undefined } } : null;
    case 8: {
      const target = path && doc.body.rows[path.row].columns[path.column].blocks[path.block];
      if (!target || (target.type !== 'text' && target.type !== 'heading')) return { type: 'rename', name: d % 2 ? `Design ${d}` : undefined };
      const runs = [{ text: `words ${c}`, bold: d % 2 === 0 || undefined }].map(({ text, bold }) => (bold ? { text, bold } : { text }));
      return { type: 'setRichText', at: path, content: target.type === 'text' ? [{ type: 'paragraph', content: runs }] : runs };
    }
    default:
      return { type: 'patchBodyStyle', patch: { backgroundColor: d % 2 ? '#f0f0f0' : undefined } };
  }
}

describe('any sequence of commands', () => {
  it('stays a valid design, and undoing each step in reverse gives back the document exactly', () => {
    const step = fc.array(fc.nat({ max: 1000 }), { minLength: 5, maxLength: 5 });
    fc.assert(
      fc.property(fc.constantFrom(...DESIGN_MODES), fc.array(step, { maxLength: 25 }), (mode, picks) => {
        const original = example<DesignDocument>(mode);
        let doc = original;
        const inverses: Command[] = [];
        for (const pick of picks) {
          const command = commandFor(doc, pick);
          if (!command) continue;
          const applied = applyCommand(doc, command);
          expect(applyCommand(applied.doc, applied.inverse).doc).toStrictEqual(doc);
          inverses.push(applied.inverse);
          doc = applied.doc;
        }
        // A row emptied of every block, or a body of no rows, is still a design.
        expect(valid(doc)).toEqual([]);
        for (const inverse of inverses.reverse()) doc = applyCommand(doc, inverse).doc;
        expect(doc).toStrictEqual(original);
      }),
      { numRuns: 150 },
    );
  });

  it('covers every block type', () => {
    expect(new Set(DESIGN_MODES.flatMap(blockTypesFor))).toEqual(new Set(BLOCK_TYPES));
  });
});
