// Places in a contenteditable element as the document's places (a line and the characters
// before it in that line), and back. The element's content is read by the same reader as
// typing (read-runs.ts), so a place means the same characters the document holds.
import type { TextPoint, TextRange } from '@embed/editor-core';
import { readRuns, readTextContent } from './read-runs';
import { MERGE_TAG_ATTRIBUTE } from './tree';

export type TextKind = 'text' | 'heading';

/** A character no text holds (private use), put where the place is before reading. */
const MARKER = '\uE000';

const isChip = (node: Node): node is Element => node instanceof Element && node.hasAttribute(MERGE_TAG_ATTRIBUTE);

/** The document's place of the DOM place (`node`, `offset`) inside `root`: the content before it read as runs, with a marker at its end. */
export function textPointAt(root: HTMLElement, node: Node, offset: number, kind: TextKind): TextPoint {
  const range = document.createRange();
  range.setStart(root, 0);
  range.setEnd(node, offset);
  const before = range.cloneContents();
  let end: Node = before;
  while (end.lastChild instanceof Element && end.lastChild.nodeName !== 'BR' && !isChip(end.lastChild)) end = end.lastChild;
  end.appendChild(document.createTextNode(MARKER));
  const lines = kind === 'heading' ? [readRuns(before)] : readTextContent(before).flatMap((part) => (part.type === 'paragraph' ? [part.content] : part.items));
  for (let line = lines.length - 1; line >= 0; line--) {
    const text = lines[line].map((run) => run.text).join('');
    const at = text.indexOf(MARKER);
    if (at >= 0) return { line, offset: at };
  }
  return { line: 0, offset: 0 };
}

/** The selection inside `root` as a range of the document, or null when it is not in it. */
export function textRangeIn(root: HTMLElement, selection: Range | null, kind: TextKind): TextRange | null {
  if (!selection || !root.contains(selection.startContainer) || !root.contains(selection.endContainer)) return null;
  const from = textPointAt(root, selection.startContainer, selection.startOffset, kind);
  const to = selection.collapsed ? from : textPointAt(root, selection.endContainer, selection.endOffset, kind);
  return { from, to };
}

/** The elements of the lines, as runs-view.ts writes them: a heading is one line, a text's paragraphs and list items are one each. */
function lineElements(root: HTMLElement, kind: TextKind): Element[] {
  if (kind === 'heading') return [root];
  return [...root.children].flatMap((child) => (child.nodeName === 'UL' || child.nodeName === 'OL' ? [...child.children] : [child]));
}

/** The DOM place of `offset` characters into a line as runs-view.ts writes it; at the end of the text before it when it falls between two. */
function domPoint(line: Node, offset: number): [Node, number] {
  let remaining = offset;
  let after: [Node, number] = [line, 0];
  const walk = (parent: Node): [Node, number] | null => {
    const children = [...parent.childNodes];
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child.nodeType === Node.TEXT_NODE) {
        const length = child.nodeValue?.length ?? 0;
        if (remaining <= length) return [child, remaining];
        remaining -= length;
        after = [child, length];
      } else if (isChip(child) || child.nodeName === 'BR') {
        if (remaining === 0) return [parent, i];
        remaining -= isChip(child) ? (child.getAttribute(MERGE_TAG_ATTRIBUTE) ?? '').length : 1;
        after = [parent, i + 1];
      } else {
        const found = walk(child);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(line) ?? after;
}

/** Selects the document's range in `root` (written by runs-view.ts); a place past a line's end goes to its end. */
export function selectTextRange(root: HTMLElement, range: TextRange, kind: TextKind): void {
  const lines = lineElements(root, kind);
  if (!lines.length) return;
  const place = (point: TextPoint) => domPoint(lines[Math.min(point.line, lines.length - 1)], point.line < lines.length ? point.offset : Infinity);
  const dom = document.createRange();
  dom.setStart(...place(range.from));
  dom.setEnd(...place(range.to));
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(dom);
}
