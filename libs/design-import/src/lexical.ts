// Unlayer's `textJson`: the Lexical editor state of a text or heading (a JSON string, or
// its parsed object) read into our rich text. Lexical's text `format` is a bit set:
// 1 bold, 2 italic, 4 strikethrough, 8 underline.
import type { Inline, List, Paragraph } from '@embed/design-document';
import { linkAddress } from './addresses';
import { isObject, own, ownArray, ownString } from './json-source';
import type { MergeTagReplacer } from './merge-tags';
import { linkMarks, type RichContent } from './rich-text';
import { color, cut } from './values';
import type { ImportWarnings } from './warnings';

const MAX_DEPTH = 32;
const MAX_RUNS = 500;
const MAX_PARTS = 200;
const MAX_RUN = 10_000;

/** The tree's root, or undefined when the value is not a Lexical state we can read. */
export function lexicalRoot(value: unknown): unknown {
  let state = value;
  if (typeof state === 'string') {
    try {
      state = JSON.parse(state);
    } catch {
      return undefined;
    }
  }
  const root = own(state, 'root');
  return isObject(root) && Array.isArray(root['children']) ? root : undefined;
}

export function lexicalContent(root: unknown, path: string, tags: MergeTagReplacer, warnings: ImportWarnings): RichContent {
  const content: RichContent = [];
  let lost = false;
  const runsOf = (node: unknown, marks: Omit<Inline, 'text'>, depth: number, runs: Inline[]): void => {
    if (depth > MAX_DEPTH || runs.length >= MAX_RUNS) return void (lost = true);
    const type = ownString(node, 'type');
    if (type === 'text') {
      const text = cut(tags(ownString(node, 'text') ?? ''), MAX_RUN);
      const format = Number(own(node, 'format')) || 0;
      const colour = color(/(?:^|;)\s*color:\s*([^;]+)/.exec(ownString(node, 'style') ?? '')?.[1]);
      if (text)
        runs.push({ text, ...marks, ...((format & 1) !== 0 && { bold: true }), ...((format & 2) !== 0 && { italic: true }), ...((format & 4) !== 0 && { strike: true }), ...((format & 8) !== 0 && { underline: true }), ...(colour && { color: colour }) });
      return;
    }
    if (type === 'linebreak') return void runs.push({ text: '\n', ...marks });
    const inner = type === 'link' || type === 'autolink' ? linkMarks(marks, linkAddress(tags(ownString(node, 'url') ?? ''), path, warnings)) : marks;
    for (const child of ownArray(node, 'children')) runsOf(child, inner, depth + 1, runs);
  };
  const line = (node: unknown, depth: number): Inline[] => {
    const runs: Inline[] = [];
    runsOf(node, {}, depth, runs);
    return runs;
  };
  for (const node of ownArray(root, 'children')) {
    if (content.length === MAX_PARTS) {
      lost = true;
      break;
    }
    if (ownString(node, 'type') === 'list') {
      const items = ownArray(node, 'children').slice(0, 100).map((item) => line(item, 1)).filter((runs) => runs.length);
      if (items.length) content.push({ type: 'list', ordered: ownString(node, 'listType') === 'number', items } satisfies List);
    } else {
      const runs = line(node, 1);
      if (runs.length) content.push({ type: 'paragraph', content: runs } satisfies Paragraph);
    }
  }
  if (lost) warnings.add(path, 'lexical_past_limits');
  return content;
}
