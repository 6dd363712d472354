// Reads what a contenteditable element shows back into the document's run format
// (docs/design-document.md, rich text). It takes every form the browser's editing
// commands and a paste produce: <b> and <strong>, <font color>, style spans, <div> lines,
// lists inside paragraphs, nested lists, newlines kept as text in pre-wrap.
import type { Inline, List } from '@embed/design-document/model';
import { joinRuns, sameMarks } from '@embed/editor-core';
import { ELEMENT_NODE, type Marks, MERGE_TAG_ATTRIBUTE, TEXT_NODE, type TextContent, type TreeNode } from './tree';

const BOLD = new Set(['B', 'STRONG']);
const ITALIC = new Set(['I', 'EM']);
const UNDERLINE = new Set(['U', 'INS']);
const STRIKE = new Set(['S', 'STRIKE', 'DEL']);
const LISTS = new Set(['UL', 'OL']);
/** Elements that start a line of their own. */
const BLOCKS = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'LI', 'UL', 'OL', 'TR', 'SECTION', 'ARTICLE', 'HEADER', 'FOOTER']);
/** Elements whose text is not shown as text (a pasted page's frames, media, drawings and form controls among them; `svg` keeps its case in HTML). */
const HIDDEN = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'HEAD', 'TITLE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'svg', 'CANVAS', 'VIDEO', 'AUDIO', 'SELECT', 'TEXTAREA']);

const isElement = (node: TreeNode) => node.nodeType === ELEMENT_NODE;
const isBlock = (node: TreeNode) => isElement(node) && BLOCKS.has(node.nodeName);
const attribute = (node: TreeNode, name: string) => node.getAttribute?.(name) ?? null;

const hexByte = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0');

/**
 * A colour as the document writes it: `#rgb`, `#rrggbb` and `#rrggbbaa` as they are,
 * `rgb()` and `rgba()` (as browsers report colours) in hex, `transparent`; anything else
 * (a colour name from a paste) is not one.
 */
export function documentColor(value: string | null | undefined): string | undefined {
  const color = value?.trim();
  if (!color) return undefined;
  if (/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(color) || color === 'transparent') return color;
  const rgb = /^rgba?\(\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*(?:,\s*(\d+(?:\.\d+)?|\.\d+)\s*)?\)$/i.exec(color);
  if (!rgb) return undefined;
  const alpha = rgb[4] === undefined || Number(rgb[4]) >= 1 ? '' : hexByte(Number(rgb[4]) * 255);
  return `#${rgb.slice(1, 4).map((n) => hexByte(Number(n))).join('')}${alpha}`;
}

/** `color: #ABC; font-weight: bold` as a map of lower-case properties to their values as written. */
function declarations(style: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const declaration of style?.split(';') ?? []) {
    const colon = declaration.indexOf(':');
    if (colon > 0) map.set(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim());
  }
  return map;
}

function weightIsBold(weight: string): boolean | undefined {
  if (weight === 'bold' || weight === 'bolder') return true;
  if (weight === 'normal' || weight === 'lighter') return false;
  return /^\d+$/.test(weight) ? Number(weight) >= 600 : undefined;
}

/** The marks inside `element`: its tag, a <font color> and its style attribute, over the marks around it. */
function marksInside(element: TreeNode, around: Marks): Marks {
  const marks = { ...around };
  const tag = element.nodeName;
  if (BOLD.has(tag)) marks.bold = true;
  if (ITALIC.has(tag)) marks.italic = true;
  if (UNDERLINE.has(tag)) marks.underline = true;
  if (STRIKE.has(tag)) marks.strike = true;
  const href = tag === 'A' ? attribute(element, 'href') : null;
  if (href !== null) marks.href = href;
  const style = declarations(attribute(element, 'style'));
  const color = documentColor(style.get('color') ?? (tag === 'FONT' ? attribute(element, 'color') : null));
  if (color) marks.color = color;
  const bold = weightIsBold((style.get('font-weight') ?? '').toLowerCase());
  if (bold !== undefined) marks.bold = bold;
  const fontStyle = style.get('font-style')?.toLowerCase();
  if (fontStyle) marks.italic = fontStyle === 'italic' || fontStyle.startsWith('oblique');
  // A decoration cannot be taken away by an element inside it, only added.
  const decoration = (style.get('text-decoration-line') ?? style.get('text-decoration') ?? '').toLowerCase();
  if (decoration.includes('underline')) marks.underline = true;
  if (decoration.includes('line-through')) marks.strike = true;
  return marks;
}

/** Whitespace with a line break in it; one class read once (a pattern that placed the line break itself took seconds on a paste of many). */
const isWhitespaceWithBreak = (text: string) => text.includes('\n') && /^[ \t\r\n]*$/.test(text);

/** Whitespace from an HTML source's layout between blocks (a paste), not typed text. */
const isLayoutWhitespace = (node: TreeNode, previous: TreeNode | undefined, next: TreeNode | undefined) =>
  node.nodeType === TEXT_NODE && isWhitespaceWithBreak(node.nodeValue ?? '') && ((previous && isBlock(previous)) || (next && isBlock(next)));

/** Collects runs, line breaks and the line breaks that blocks inside a line make. */
class LineReader {
  readonly runs: Inline[] = [];
  private breakDue = false;

  read(node: TreeNode, marks: Marks): void {
    if (node.nodeType === TEXT_NODE) {
      // Browsers keep spaces at run edges as no-break spaces and put zero-width spaces to hold a caret; the document has neither.
      const text = (node.nodeValue ?? '').replace(/\u200b/g, '').replace(/\u00a0/g, ' ');
      if (text) this.push(text, marks);
      return;
    }
    if (!isElement(node) || HIDDEN.has(node.nodeName)) return;
    if (node.nodeName === 'BR') return this.push('\n', marks);
    const tag = attribute(node, MERGE_TAG_ATTRIBUTE);
    if (tag) return this.push(tag, marks);
    const block = isBlock(node);
    if (block) this.lineBreak(marks);
    this.readChildren(node, marksInside(node, marks));
    if (block) this.breakDue = true;
  }

  readChildren(parent: TreeNode, marks: Marks): void {
    const children = parent.childNodes;
    for (let i = 0; i < children.length; i++) if (!isLayoutWhitespace(children[i], children[i - 1], children[i + 1])) this.read(children[i], marks);
  }

  private lineBreak(marks: Marks): void {
    const last = this.runs[this.runs.length - 1];
    if (last && !last.text.endsWith('\n')) this.runs.push({ text: '\n', ...marks });
    this.breakDue = false;
  }

  private push(text: string, marks: Marks): void {
    if (this.breakDue) this.lineBreak(marks);
    this.runs.push({ text, ...marks });
  }
}

/**
 * Runs as the document keeps them: neighbours of the same marks joined, no empty run, and
 * without the one trailing line break a browser keeps at a line's end to show it.
 */
export function normalizeRuns(runs: readonly Inline[]): Inline[] {
  const joined = joinRuns(runs);
  const last = joined[joined.length - 1];
  if (last?.text.endsWith('\n')) last.text = last.text.slice(0, -1);
  return last?.text === '' ? joined.slice(0, -1) : joined;
}

/** A heading's runs: everything inside `root` as one line of runs, its blocks as line breaks. */
export function readRuns(root: TreeNode): Inline[] {
  const reader = new LineReader();
  reader.readChildren(root, {});
  return normalizeRuns(reader.runs);
}

const isBlankText = (node: TreeNode) => node.nodeType === TEXT_NODE && !(node.nodeValue ?? '').trim();

/** The items of a list, and those of the lists nested in it after the item they are in: the document has one level. */
function readListItems(list: TreeNode, around: Marks, items: Inline[][]): void {
  const marks = marksInside(list, around);
  const children = list.childNodes;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (isBlankText(child)) continue;
    if (LISTS.has(child.nodeName)) readListItems(child, marks, items);
    else if (child.nodeName === 'LI') readItem(child, marksInside(child, marks), items);
    else {
      // Content put straight into the list (a paste) is an item of its own.
      const line = new LineReader();
      line.read(child, marks);
      if (line.runs.length) items.push(normalizeRuns(line.runs));
    }
  }
}

/** One item; a list nested in it ends it, and what follows that list is an item of its own. */
function readItem(item: TreeNode, marks: Marks, items: Inline[][]): void {
  let line = new LineReader();
  let nested = false;
  const children = item.childNodes;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (LISTS.has(child.nodeName)) {
      if (line.runs.length) items.push(normalizeRuns(line.runs));
      readListItems(child, marks, items);
      line = new LineReader();
      nested = true;
    } else if (!isLayoutWhitespace(child, children[i - 1], children[i + 1])) line.read(child, marks);
  }
  if (line.runs.length || !nested) items.push(normalizeRuns(line.runs));
}

/** A text block's paragraphs and lists, from its editable element. */
export function readTextContent(root: TreeNode): TextContent {
  const content: TextContent = [];
  let line: LineReader | null = null;
  const flush = () => {
    if (line) content.push({ type: 'paragraph', content: normalizeRuns(line.runs) });
    line = null;
  };
  const readBlocks = (container: TreeNode, marks: Marks) => {
    const children = container.childNodes;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if ((!isElement(child) && child.nodeType !== TEXT_NODE) || HIDDEN.has(child.nodeName) || isLayoutWhitespace(child, children[i - 1], children[i + 1])) continue;
      if (LISTS.has(child.nodeName)) {
        flush();
        const list: List = { type: 'list', ordered: child.nodeName === 'OL', items: [] };
        readListItems(child, marks, list.items);
        content.push(list);
      } else if (isBlock(child)) {
        // A paragraph may hold a list (the browser's list command puts one there): its own blocks are read as blocks.
        flush();
        readBlocks(child, marksInside(child, marks));
        flush();
      } else {
        line ??= new LineReader();
        line.read(child, marks);
      }
    }
  };
  readBlocks(root, {});
  flush();
  return content.length ? content : [{ type: 'paragraph', content: [] }];
}

const sameRun = (a: Inline, b: Inline) => a.text === b.text && sameMarks(a, b);
const sameRuns = (a: readonly Inline[], b: readonly Inline[]) => a.length === b.length && a.every((run, i) => sameRun(run, b[i]));

/** Whether two contents read the same (a mark set to false is the same as none): what the editor shows against the document. */
export function sameRichText(a: TextContent | Inline[], b: TextContent | Inline[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((part, i) => {
    const other = b[i];
    if ('text' in part || 'text' in other) return 'text' in part && 'text' in other && sameRun(part, other);
    if (part.type === 'paragraph') return other.type === 'paragraph' && sameRuns(part.content, other.content);
    return other.type === 'list' && part.ordered === other.ordered && part.items.length === other.items.length && part.items.every((item, j) => sameRuns(item, other.items[j]));
  });
}
