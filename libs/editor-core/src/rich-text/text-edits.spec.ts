import type { DesignDocument, Inline, TextBlock } from '@embed/design-document/model';
import fc from 'fast-check';
import { applyCommand, type Command } from '../commands';
import { blankDesign } from '../blank-design';
import type { TextParts } from './lines';
import { joinRuns, runsLength } from './runs';
import { afterInsert, applyTextEdit, marksAt, rangeHasMark, type TextEdit, type TextRange } from './text-edits';

const caret = (line: number, offset: number): TextRange => ({ from: { line, offset }, to: { line, offset } });
const range = (line: number, from: number, toLine: number, to: number): TextRange => ({ from: { line, offset: from }, to: { line: toLine, offset: to } });
const paragraph = (...content: Inline[]) => ({ type: 'paragraph' as const, content });

describe('rich-text edits in the document’s terms', () => {
  const text: TextParts = [paragraph({ text: 'Plain ' }, { text: 'bold', bold: true }), { type: 'list', ordered: false, items: [[{ text: 'one' }], [{ text: 'two' }]] }];

  it('sets and takes away a mark over a range across lines, joining runs of the same marks', () => {
    const bold = applyTextEdit(text, 'text', { kind: 'mark', range: range(0, 2, 1, 2), mark: 'bold', value: true });
    expect(bold).toEqual([paragraph({ text: 'Pl' }, { text: 'ain bold', bold: true }), { type: 'list', ordered: false, items: [[{ text: 'on', bold: true }, { text: 'e' }], [{ text: 'two' }]] }]);
    expect(applyTextEdit(bold, 'text', { kind: 'mark', range: range(0, 0, 2, 3), mark: 'bold', value: false })).toEqual([
      paragraph({ text: 'Plain bold' }),
      { type: 'list', ordered: false, items: [[{ text: 'one' }], [{ text: 'two' }]] },
    ]);
  });

  it('links and colours a range, and takes them away', () => {
    const linked = applyTextEdit([{ text: 'Read the guide' }], 'heading', { kind: 'link', range: range(0, 9, 0, 14), href: 'https://a.example/' });
    expect(linked).toEqual([{ text: 'Read the ' }, { text: 'guide', href: 'https://a.example/' }]);
    expect(applyTextEdit(linked, 'heading', { kind: 'link', range: range(0, 0, 0, 14), href: undefined })).toEqual([{ text: 'Read the guide' }]);
    expect(applyTextEdit(linked, 'heading', { kind: 'color', range: range(0, 0, 0, 4), color: '#c81e1e' })).toEqual([
      { text: 'Read', color: '#c81e1e' },
      { text: ' the ' },
      { text: 'guide', href: 'https://a.example/' },
    ]);
  });

  it('puts a merge tag at the caret with the marks it is given', () => {
    const content = applyTextEdit(text, 'text', { kind: 'insert', range: caret(0, 6), content: [paragraph({ text: '{{contact.first_name}}', bold: true })] });
    expect(content[0]).toEqual(paragraph({ text: 'Plain ' }, { text: '{{contact.first_name}}bold', bold: true }));
    expect(afterInsert(caret(0, 6), [paragraph({ text: '{{contact.first_name}}' })], 'text')).toEqual({ line: 0, offset: 28 });
  });

  it('puts pasted paragraphs and lists in place of a selection, splitting the line around them', () => {
    const pasted: TextParts = [paragraph({ text: 'A' }), { type: 'list', ordered: true, items: [[{ text: 'B' }]] }, paragraph({ text: 'C' })];
    const content = applyTextEdit(text, 'text', { kind: 'insert', range: range(0, 2, 1, 1), content: pasted });
    expect(content).toEqual([
      paragraph({ text: 'PlA' }),
      { type: 'list', ordered: true, items: [[{ text: 'B' }]] },
      paragraph({ text: 'Cne' }),
      { type: 'list', ordered: false, items: [[{ text: 'two' }]] },
    ]);
    expect(afterInsert(range(0, 2, 1, 1), pasted, 'text')).toEqual({ line: 2, offset: 1 });
    // A heading is one line: the pasted lines become line breaks.
    expect(applyTextEdit([{ text: 'Hi' }], 'heading', { kind: 'insert', range: caret(0, 2), content: pasted })).toEqual([{ text: 'HiA\nB\nC' }]);
  });

  it('makes lines a list and the list lines again', () => {
    const lines: TextParts = [paragraph({ text: 'first' }), paragraph({ text: 'second' })];
    const list = applyTextEdit(lines, 'text', { kind: 'list', range: range(0, 0, 1, 6), ordered: true });
    expect(list).toEqual([{ type: 'list', ordered: true, items: [[{ text: 'first' }], [{ text: 'second' }]] }]);
    expect(applyTextEdit(list, 'text', { kind: 'list', range: range(0, 0, 1, 6), ordered: true })).toEqual(lines);
    // One item of a list back to a paragraph splits the list around it.
    const three: TextParts = [{ type: 'list', ordered: false, items: [[{ text: 'a' }], [{ text: 'b' }], [{ text: 'c' }]] }];
    expect(applyTextEdit(three, 'text', { kind: 'list', range: caret(1, 0), ordered: false })).toEqual([
      { type: 'list', ordered: false, items: [[{ text: 'a' }]] },
      paragraph({ text: 'b' }),
      { type: 'list', ordered: false, items: [[{ text: 'c' }]] },
    ]);
    expect(() => applyTextEdit([{ text: 'x' }], 'heading', { kind: 'list', range: caret(0, 0), ordered: true })).toThrow('no lists');
  });

  it('tells the marks typing takes at a caret and whether a range has a mark', () => {
    expect(marksAt(text, 'text', { line: 0, offset: 7 })).toEqual({ bold: true });
    expect(marksAt(text, 'text', { line: 0, offset: 6 })).toEqual({});
    expect(marksAt(text, 'text', { line: 0, offset: 0 })).toEqual({});
    expect(rangeHasMark(text, 'text', range(0, 6, 0, 10), 'bold')).toBe(true);
    expect(rangeHasMark(text, 'text', range(0, 5, 0, 10), 'bold')).toBe(false);
  });

  it('refuses a place outside the text', () => {
    expect(() => applyTextEdit(text, 'text', { kind: 'mark', range: range(0, 0, 3, 0), mark: 'bold', value: true })).toThrow('no place 3:0');
    expect(() => applyTextEdit(text, 'text', { kind: 'mark', range: range(0, 11, 0, 11), mark: 'bold', value: true })).toThrow('no place 0:11');
    expect(() => applyTextEdit(text, 'text', { kind: 'mark', range: range(1, 0, 0, 0), mark: 'bold', value: true })).toThrow('ends before');
  });
});

// Random texts and random edits of them, applied as the editor's command and undone by its inverse.
const marks = fc.record({ bold: fc.constant(true), italic: fc.constant(true), color: fc.constantFrom('#abc', '#c81e1e'), href: fc.constantFrom('https://a.example/', '{{unsubscribe_url}}') }, { requiredKeys: [] });
const runs = fc.array(fc.tuple(fc.constantFrom('a', 'bc', ' ', '\n', '{{contact.first_name}}', 'é✓'), marks).map(([t, m]): Inline => ({ text: t, ...m })), { maxLength: 4 }).map(joinRuns);
const parts: fc.Arbitrary<TextParts> = fc.array(
  fc.oneof(runs.map((content) => paragraph(...content)), fc.record({ type: fc.constant('list' as const), ordered: fc.boolean(), items: fc.array(runs, { minLength: 1, maxLength: 3 }) })),
  { minLength: 1, maxLength: 4 },
);
const lineLengths = (content: TextParts) => content.flatMap((part) => (part.type === 'paragraph' ? [runsLength(part.content)] : part.items.map(runsLength)));

/** A text and an edit of it whose range is a real place in it. */
const textAndEdit = parts.chain((content) => {
  const lengths = lineLengths(content);
  const point = fc.nat(lengths.length - 1).chain((line) => fc.nat(lengths[line]).map((offset) => ({ line, offset })));
  const ordered = fc.tuple(point, point).map(([a, b]): TextRange => (a.line < b.line || (a.line === b.line && a.offset <= b.offset) ? { from: a, to: b } : { from: b, to: a }));
  const edit: fc.Arbitrary<TextEdit> = fc.oneof(
    fc.record({ kind: fc.constant('mark' as const), range: ordered, mark: fc.constantFrom('bold' as const, 'italic' as const, 'underline' as const, 'strike' as const), value: fc.boolean() }),
    fc.record({ kind: fc.constant('color' as const), range: ordered, color: fc.constantFrom('#123456', undefined) }),
    fc.record({ kind: fc.constant('link' as const), range: ordered, href: fc.constantFrom('https://b.example/x', '{{preferences_url}}', undefined) }),
    fc.record({ kind: fc.constant('insert' as const), range: ordered, content: fc.oneof(runs.map((r) => [paragraph(...r)]), parts) }),
    fc.record({ kind: fc.constant('list' as const), range: ordered, ordered: fc.boolean() }),
  );
  return fc.tuple(fc.constant(content), edit);
});

const withText = (content: TextParts): DesignDocument => {
  const doc = blankDesign('email', 'News');
  const block: TextBlock = { type: 'text', content };
  return { ...doc, body: { ...doc.body, rows: [{ columns: [{ blocks: [block] }] }] } };
};

describe('editText, the command', () => {
  it('gives back the document when its inverse is applied, and keeps the runs in their one form', () => {
    fc.assert(
      fc.property(textAndEdit, ([content, edit]) => {
        const doc = withText(content);
        const command: Command = { type: 'editText', at: { row: 0, column: 0, block: 0 }, edit };
        const applied = applyCommand(doc, command);
        const after = (applied.doc.body.rows[0].columns[0].blocks[0] as TextBlock).content;
        for (const part of after) for (const line of part.type === 'paragraph' ? [part.content] : part.items) expect(joinRuns(line)).toEqual(line);
        expect(applyCommand(applied.doc, applied.inverse).doc).toEqual(doc);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every character that marks, links, colours and lists touch', () => {
    fc.assert(
      fc.property(textAndEdit, ([content, edit]) => {
        fc.pre(edit.kind !== 'insert');
        const text = (value: TextParts) => value.flatMap((part) => (part.type === 'paragraph' ? [part.content] : part.items)).map((line) => line.map((run) => run.text).join(''));
        expect(text(applyTextEdit(content, 'text', edit) as TextParts)).toEqual(text(content));
      }),
    );
  });
});
