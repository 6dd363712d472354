import type { Inline } from '@embed/design-document/model';
import { CommandError } from '../paths';
import { type Line, linesToParts, partsToLines, type RichContent, type TextParts } from './lines';
import { joinRuns, markRuns, type Marks, marksOf, runsLength, sliceRuns } from './runs';

/** A place in rich text: the line (paragraph or list item, in reading order; a heading has one) and the characters before it in that line. */
export interface TextPoint {
  line: number;
  offset: number;
}

/** From `from` to `to`, in reading order; collapsed, a caret. */
export interface TextRange {
  from: TextPoint;
  to: TextPoint;
}

export type ToggledMark = 'bold' | 'italic' | 'underline' | 'strike';
export type RichTextKind = 'text' | 'heading';

/**
 * A formatting or editing step on a block's rich text, in the document's terms (lines and
 * character offsets), never the browser's: the command `editText` applies it.
 */
export type TextEdit =
  /** Sets (`value` true) or takes away a mark over the range. */
  | { kind: 'mark'; range: TextRange; mark: ToggledMark; value: boolean }
  /** Colours the range, or takes its colour away (undefined). */
  | { kind: 'color'; range: TextRange; color: string | undefined }
  /** Makes the range a link to `href`, or no link (undefined). */
  | { kind: 'link'; range: TextRange; href: string | undefined }
  /** Puts `content` in place of the range: typed text with its marks, a merge tag, a paste, a line break. */
  | { kind: 'insert'; range: TextRange; content: TextParts }
  /** Makes the range's lines items of a list of that kind, or paragraphs again when they all are already. */
  | { kind: 'list'; range: TextRange; ordered: boolean };

function linesOf(content: RichContent, kind: RichTextKind): Line[] {
  return kind === 'heading' ? [{ runs: content as Inline[], list: null }] : partsToLines(content as TextParts);
}

function contentOf(lines: Line[], kind: RichTextKind): RichContent {
  return kind === 'heading' ? (lines[0]?.runs ?? []) : linesToParts(lines);
}

const before = (a: TextPoint, b: TextPoint) => a.line < b.line || (a.line === b.line && a.offset <= b.offset);

function checkRange(lines: Line[], range: TextRange): void {
  for (const point of [range.from, range.to]) {
    const line = lines[point.line];
    if (!line || !Number.isInteger(point.offset) || point.offset < 0 || point.offset > runsLength(line.runs)) throw new CommandError(`no place ${point.line}:${point.offset} in the text`);
  }
  if (!before(range.from, range.to)) throw new CommandError('a range ends before it starts');
}

/** Each line of the range with the characters of it the range covers. */
function* spans(lines: Line[], range: TextRange): Generator<[number, number, number]> {
  for (let i = range.from.line; i <= range.to.line; i++) {
    yield [i, i === range.from.line ? range.from.offset : 0, i === range.to.line ? range.to.offset : runsLength(lines[i].runs)];
  }
}

function changeMarks(lines: Line[], range: TextRange, change: (marks: Marks) => Marks): Line[] {
  const next = [...lines];
  for (const [i, from, to] of spans(lines, range)) next[i] = { ...lines[i], runs: markRuns(lines[i].runs, from, to, change) };
  return next;
}

const withMark = (name: keyof Marks, value: unknown) => (marks: Marks) => {
  const next: Record<string, unknown> = { ...marks };
  if (value === undefined || value === false) delete next[name];
  else next[name] = value;
  return marksOf(next as Marks);
};

/** The inserted parts as lines; in a heading, one line whose lines are joined by line breaks. */
function insertedLines(content: TextParts, kind: RichTextKind, group: number): Line[] {
  const lines = partsToLines(content).map((line) => ({ runs: line.runs, list: line.list && { ordered: line.list.ordered, group: group + line.list.group } }));
  if (kind === 'text') return lines;
  return [{ runs: joinRuns(lines.flatMap((line, i) => (i === 0 ? line.runs : [{ text: '\n' }, ...line.runs]))), list: null }];
}

function insert(lines: Line[], range: TextRange, content: TextParts, kind: RichTextKind): Line[] {
  const inserted = insertedLines(content, kind, lines.length);
  const first = lines[range.from.line];
  const last = lines[range.to.line];
  const head = sliceRuns(first.runs, 0, range.from.offset);
  const tail = sliceRuns(last.runs, range.to.offset);
  const middle: Line[] =
    inserted.length === 1
      ? [{ runs: joinRuns([...head, ...inserted[0].runs, ...tail]), list: first.list }]
      : [
          { runs: joinRuns([...head, ...inserted[0].runs]), list: first.list },
          ...inserted.slice(1, -1),
          { runs: joinRuns([...inserted[inserted.length - 1].runs, ...tail]), list: inserted[inserted.length - 1].list },
        ];
  return [...lines.slice(0, range.from.line), ...middle, ...lines.slice(range.to.line + 1)];
}

function toggleList(lines: Line[], range: TextRange, ordered: boolean): Line[] {
  const covered = lines.slice(range.from.line, range.to.line + 1);
  const already = covered.every((line) => line.list?.ordered === ordered);
  const previous = lines[range.from.line - 1]?.list;
  // Lines made items join the list just above them when it is of the same kind.
  const group = previous?.ordered === ordered ? previous.group : lines.length + range.from.line;
  const changed = covered.map((line): Line => ({ runs: line.runs, list: already ? null : { ordered, group } }));
  return [...lines.slice(0, range.from.line), ...changed, ...lines.slice(range.to.line + 1)];
}

/** The rich text with `edit` made: a new content, the one given untouched. */
export function applyTextEdit(content: RichContent, kind: RichTextKind, edit: TextEdit): RichContent {
  const lines = linesOf(content, kind);
  checkRange(lines, edit.range);
  switch (edit.kind) {
    case 'mark':
      return contentOf(changeMarks(lines, edit.range, withMark(edit.mark, edit.value)), kind);
    case 'color':
      return contentOf(changeMarks(lines, edit.range, withMark('color', edit.color)), kind);
    case 'link':
      return contentOf(changeMarks(lines, edit.range, withMark('href', edit.href)), kind);
    case 'insert':
      return contentOf(insert(lines, edit.range, edit.content, kind), kind);
    case 'list':
      if (kind === 'heading') throw new CommandError('a heading has no lists');
      return contentOf(toggleList(lines, edit.range, edit.ordered), kind);
  }
}

/** Where the caret goes after `content` is put in place of `range`: just after it. */
export function afterInsert(range: TextRange, content: TextParts, kind: RichTextKind): TextPoint {
  const inserted = insertedLines(content, kind, 0);
  const end = runsLength(inserted[inserted.length - 1]?.runs ?? []);
  return inserted.length <= 1 ? { line: range.from.line, offset: range.from.offset + end } : { line: range.from.line + inserted.length - 1, offset: end };
}

/** The marks typing at `point` takes: those of the character before it, or after it at a line's start. */
export function marksAt(content: RichContent, kind: RichTextKind, point: TextPoint): Marks {
  const runs = linesOf(content, kind)[point.line]?.runs ?? [];
  const [near] = point.offset > 0 ? sliceRuns(runs, point.offset - 1, point.offset) : sliceRuns(runs, 0, 1);
  if (!near) return {};
  const { text: _text, ...marks } = near;
  return marksOf(marks);
}

/** Whether every character of the range has the mark (a caret: the marks typing there takes). */
export function rangeHasMark(content: RichContent, kind: RichTextKind, range: TextRange, mark: ToggledMark): boolean {
  const lines = linesOf(content, kind);
  const collapsed = range.from.line === range.to.line && range.from.offset === range.to.offset;
  if (collapsed) return marksAt(content, kind, range.from)[mark] === true;
  let any = false;
  for (const [i, from, to] of spans(lines, range)) {
    for (const run of sliceRuns(lines[i].runs, from, to)) {
      if (run[mark] !== true) return false;
      any = true;
    }
  }
  return any;
}
