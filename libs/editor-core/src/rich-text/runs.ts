import type { Inline } from '@embed/design-document/model';

/** The marks of a run, in the order the document writes them. */
export const MARK_NAMES = ['bold', 'italic', 'underline', 'strike', 'color', 'href'] as const satisfies readonly (keyof Inline)[];

export type Marks = Omit<Inline, 'text'>;

/** A mark's value, false being the same as unset (an empty `href` is a link whose address is not set yet: not the same). */
const markOf = (marks: Marks, name: (typeof MARK_NAMES)[number]) => (marks[name] === false ? undefined : marks[name]);

export const sameMarks = (a: Marks, b: Marks) => MARK_NAMES.every((name) => markOf(a, name) === markOf(b, name));

/** The run's marks alone, in the document's order, none false or unset. */
export function marksOf(run: Marks): Marks {
  const marks: Record<string, unknown> = {};
  for (const name of MARK_NAMES) if (markOf(run, name) !== undefined) marks[name] = run[name];
  return marks as Marks;
}

/** Runs in their one form: neighbours of the same marks joined, no empty run, no false mark. */
export function joinRuns(runs: readonly Inline[]): Inline[] {
  const joined: Inline[] = [];
  for (const run of runs) {
    if (!run.text) continue;
    const last = joined[joined.length - 1];
    if (last && sameMarks(last, run)) last.text += run.text;
    else joined.push({ text: run.text, ...marksOf(run) });
  }
  return joined;
}

export const runsLength = (runs: readonly Inline[]) => runs.reduce((length, run) => length + run.text.length, 0);

/** The runs between two character offsets, cut where they fall inside a run. */
export function sliceRuns(runs: readonly Inline[], from: number, to = Infinity): Inline[] {
  const out: Inline[] = [];
  let start = 0;
  for (const run of runs) {
    const end = start + run.text.length;
    const text = run.text.slice(Math.max(0, from - start), Math.max(0, Math.min(run.text.length, to - start)));
    if (text) out.push({ ...run, text });
    start = end;
  }
  return out;
}

/** The runs with `change` made to the marks of the characters between two offsets. */
export function markRuns(runs: readonly Inline[], from: number, to: number, change: (marks: Marks) => Marks): Inline[] {
  const inside = sliceRuns(runs, from, to).map(({ text, ...marks }) => ({ ...change(marks), text }));
  return joinRuns([...sliceRuns(runs, 0, from), ...inside, ...sliceRuns(runs, to)]);
}
