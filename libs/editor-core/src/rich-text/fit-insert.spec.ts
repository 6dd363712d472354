import { type DesignDocument, type TextBlock, validateDesign } from '@embed/design-document';
import fc from 'fast-check';
import { blankDesign } from '../blank-design';
import { applyCommand } from '../commands';
import { fitInsert, partsLength, partsPrefix } from './fit-insert';
import type { TextParts } from './lines';

const at = { row: 0, column: 0, block: 0 };
const withText = (content: TextParts): DesignDocument => {
  const doc = blankDesign('email', 'News');
  const block: TextBlock = { type: 'text', content };
  return { ...doc, body: { ...doc.body, rows: [{ columns: [{ blocks: [block] }] }] } };
};
const caret = { from: { line: 0, offset: 5 }, to: { line: 0, offset: 5 } };
const lines = (count: number, length: number): TextParts => Array.from({ length: count }, (_, i) => ({ type: 'paragraph', content: [{ text: String(i % 10).repeat(length) }] }));

describe('partsPrefix', () => {
  it('keeps the first characters in reading order, a line end counting one, lists and marks kept', () => {
    const parts: TextParts = [
      { type: 'paragraph', content: [{ text: 'ab', bold: true }, { text: 'cd' }] },
      { type: 'list', ordered: true, items: [[{ text: 'ef' }], [{ text: 'gh' }]] },
    ];
    expect(partsLength(parts)).toBe(10);
    expect(partsPrefix(parts, 3)).toEqual([{ type: 'paragraph', content: [{ text: 'ab', bold: true }, { text: 'c' }] }]);
    expect(partsPrefix(parts, 6)).toEqual([parts[0], { type: 'list', ordered: true, items: [[{ text: 'e' }]] }]);
    expect(partsPrefix(parts, 10)).toEqual(parts);
    fc.assert(fc.property(fc.nat(10), (n) => expect(partsLength(partsPrefix(parts, n))).toBe(n)));
  });
});

describe('fitInsert', () => {
  it('keeps an insert that fits whole', () => {
    const edit = { kind: 'insert' as const, range: caret, content: lines(3, 10) };
    expect(fitInsert(withText(lines(1, 10)), at, edit)).toEqual({ edit, kept: 32, total: 32 });
  });

  it('cuts a paste of 326,000 characters to what a text holds, the design staying one the server takes, in bounded time', () => {
    const doc = withText(lines(1, 10));
    for (const paste of [lines(326, 1000), lines(1, 326_000)]) {
      const started = performance.now();
      const fitted = fitInsert(doc, at, { kind: 'insert', range: caret, content: paste });
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(fitted?.total).toBe(partsLength(paste));
      expect(fitted?.kept).toBeLessThan(fitted?.total as number);
      const after = applyCommand(doc, { type: 'editText', at, edit: fitted?.edit as never }).doc;
      expect(validateDesign(after).valid).toBe(true);
      // One character more would not fit: the cut is where the definition's limit is.
      const content = (after.body.rows[0].columns[0].blocks[0] as TextBlock).content;
      const longest = Math.max(...content.map((part) => (part.type === 'paragraph' ? part.content.reduce((n, run) => n + run.text.length, 0) : 0)));
      expect(content.length === 200 || longest === 10_000).toBe(true);
    }
  });

  it('gives nothing when not one character fits', () => {
    const full = withText([{ type: 'paragraph', content: [{ text: 'x'.repeat(10_000) }] }]);
    expect(fitInsert(full, at, { kind: 'insert', range: caret, content: lines(1, 3) })).toBeNull();
  });
});
