// HTML of a text element (Unlayer's `text`, MJML's mj-text) read into our rich text:
// paragraphs and lists of runs with marks, colour and links. What a run cannot carry
// (an image, a table, a form) makes the whole fragment an html block instead: the caller
// asks `needsHtmlBlock` first.
import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { Inline, List, Paragraph } from '@embed/design-document';
import { linkAddress } from './addresses';
import { MAX_MARKUP_DEPTH, markupDepth, tagsTakenOut } from '@embed/render-core/sanitize';
import type { MergeTagReplacer } from './merge-tags';
import { color, cut } from './values';
import type { ImportWarnings } from './warnings';

export type RichContent = (Paragraph | List)[];
type Marks = Omit<Inline, 'text'>;

const MAX_RUN = 10_000;
const MAX_RUNS = 500;
const MAX_PARAGRAPHS = 200;
const MAX_ITEMS = 100;
/** Elements rich text cannot hold: a fragment with one of them is kept as an html block. */
const STRUCTURAL = new Set(['img', 'table', 'video', 'audio', 'iframe', 'form', 'input', 'button', 'select', 'textarea', 'svg', 'object', 'embed', 'picture', 'canvas']);
/** Elements whose content is never text a reader sees. */
const SILENT = new Set(['script', 'style', 'template', 'noscript', 'head', 'title', 'meta', 'link']);
const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'center', 'section', 'article', 'header', 'footer', 'pre', 'address', 'tr', 'hr']);

const isElement = (node: ChildNode): node is Element => node.type === 'tag' || node.type === 'script' || node.type === 'style';

/** Deeper markup than this is left out: every reader after the parser walks the tree by recursion. */
export const MAX_DEPTH = 64;

/**
 * Parsed by htmlparser2, which is linear in its input and never throws on bad markup,
 * and cut at MAX_DEPTH levels (with a warning) before anything walks it.
 */
export function parseFragment(markup: string, path: string, warnings: ImportWarnings, options: { xmlLike?: boolean } = {}): ChildNode[] {
  const html = markupDepth(markup) > MAX_MARKUP_DEPTH ? tagsTakenOut(markup) : markup;
  if (html !== markup) warnings.add(path, 'markup_read_as_text', { max: MAX_MARKUP_DEPTH });
  const nodes = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: options.xmlLike }).children;
  if (pruneDeeperThan(nodes, MAX_DEPTH)) warnings.add(path, 'markup_left_out', { max: MAX_DEPTH });
  return nodes;
}

/** Drops what lies deeper than `max` levels, without recursion; whether anything was. */
function pruneDeeperThan(nodes: ChildNode[], max: number): boolean {
  let pruned = false;
  const stack: [ChildNode, number][] = nodes.map((node) => [node, 1]);
  while (stack.length) {
    const [node, depth] = stack.pop() as [ChildNode, number];
    if (!isElement(node) || !node.children.length) continue;
    if (depth >= max) {
      node.children = [];
      pruned = true;
    } else for (const child of node.children) stack.push([child, depth + 1]);
  }
  return pruned;
}

function* elements(nodes: ChildNode[]): Generator<Element> {
  const stack = [...nodes];
  while (stack.length) {
    const node = stack.pop() as ChildNode;
    if (!isElement(node)) continue;
    yield node;
    stack.push(...node.children);
  }
}

/** Whether the fragment holds what only an html block can show (an image, a table, ...). */
export const needsHtmlBlock = (nodes: ChildNode[]) => [...elements(nodes)].some((element) => STRUCTURAL.has(element.name));

/** Declarations of a style attribute, by lower-cased property. */
export function styleOf(element: Element): Record<string, string> {
  const style: Record<string, string> = Object.create(null);
  for (const declaration of (element.attribs['style'] ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) style[declaration.slice(0, colon).trim().toLowerCase()] = declaration.slice(colon + 1).trim();
  }
  return style;
}

function marksOf(element: Element, inherited: Marks, path: string, tags: MergeTagReplacer, warnings: ImportWarnings): Marks {
  const marks: Marks = { ...inherited };
  const style = styleOf(element);
  const name = element.name;
  if (name === 'b' || name === 'strong' || /^(?:bold|[6-9]00)$/.test(style['font-weight'] ?? '')) marks.bold = true;
  if (name === 'i' || name === 'em' || style['font-style'] === 'italic') marks.italic = true;
  if (name === 'u' || /underline/.test(style['text-decoration'] ?? '')) marks.underline = true;
  if (name === 's' || name === 'strike' || name === 'del' || /line-through/.test(style['text-decoration'] ?? '')) marks.strike = true;
  const colour = color(style['color'] ?? element.attribs['color']);
  if (colour) marks.color = colour;
  if (name === 'a') {
    return linkMarks(marks, linkAddress(tags(element.attribs['href'] ?? ''), `${path} > a`, warnings));
  }
  return marks;
}

/** The marks inside a link: its address, or, when it was left out, none (its words stay text, not a link to nowhere nor the link around it). */
export function linkMarks<M extends { href?: string }>(marks: M, href: string | undefined): M {
  const inner = { ...marks };
  if (href) inner.href = href;
  else delete inner.href;
  return inner;
}

/**
 * Reads an HTML fragment into paragraphs and lists; what did not fit is named in warnings.
 * `heading`: the fragment is a heading's own (its h1... is the block, not a heading in a text).
 */
export function richText(nodes: ChildNode[], path: string, tags: MergeTagReplacer, warnings: ImportWarnings, heading = false): RichContent {
  const content: RichContent = [];
  let runs: Inline[] = [];
  let list: List | undefined;
  let lost = false;
  let headings = 0;

  const push = (text: string, marks: Marks) => {
    if (!text) return;
    const last = runs.at(-1);
    if (last && sameMarks(last, marks) && last.text.length + text.length <= MAX_RUN) last.text += text;
    else
      for (let at = 0; at < text.length; ) {
        if (runs.length === MAX_RUNS) return void (lost = true);
        const piece = cut(text.slice(at, at + MAX_RUN + 1), MAX_RUN);
        runs.push({ text: piece, ...marks });
        at += piece.length;
      }
  };
  const endParagraph = () => {
    trimRuns(runs);
    if (!runs.length) return;
    if (list) {
      if (list.items.length < MAX_ITEMS) list.items.push(runs);
      else lost = true;
    } else if (content.length < MAX_PARAGRAPHS) content.push({ type: 'paragraph', content: runs });
    else lost = true;
    runs = [];
  };

  const walk = (node: ChildNode, marks: Marks) => {
    if (node.type === 'text') return push(tags(node.data.replace(/\s+/g, ' ')), marks);
    if (!isElement(node) || SILENT.has(node.name)) return;
    if (node.name === 'br') return push('\n', marks);
    const name = node.name;
    if ((name === 'ul' || name === 'ol') && !list) {
      endParagraph();
      list = { type: 'list', ordered: name === 'ol', items: [] };
      for (const child of node.children) walk(child, marks);
      endParagraph();
      const done = list;
      list = undefined;
      if (done.items.length && content.length < MAX_PARAGRAPHS) content.push(done);
      return;
    }
    if (name === 'ul' || name === 'ol') warnings.add(path, 'nested_list');
    const block = BLOCKS.has(name) || name === 'li';
    if (block) endParagraph();
    // A heading in a text (a text holds paragraphs and lists) is a paragraph in bold, as headings are drawn.
    const inText = !heading && /^h[1-6]$/.test(name);
    if (inText) headings++;
    const inner = marksOf(node, inText ? { ...marks, bold: true } : marks, path, tags, warnings);
    for (const child of node.children) walk(child, inner);
    if (block) endParagraph();
  };
  for (const node of nodes) walk(node, {});
  endParagraph();
  if (headings === 1) warnings.add(path, 'text_heading');
  else if (headings) warnings.add(path, 'text_headings', { count: headings });
  if (lost) warnings.add(path, 'text_past_limits', { paragraphs: MAX_PARAGRAPHS, items: MAX_ITEMS, runs: MAX_RUNS });
  return content;
}

/** One line of runs (a heading's), paragraphs joined by line breaks. */
export function inlineText(content: RichContent): Inline[] {
  const lines = content.flatMap((part) => (part.type === 'paragraph' ? [part.content] : part.items));
  const joined: Inline[] = [];
  lines.forEach((line, index) => {
    if (index > 0) joined.push({ text: '\n' });
    joined.push(...line);
  });
  return joined.slice(0, MAX_RUNS);
}

/** The plain text of a fragment (a button's label, a menu item's). */
export const plainText = (content: RichContent) => inlineText(content).map((run) => run.text).join('').trim();

function sameMarks(a: Inline, b: Marks): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.strike === b.strike && a.color === b.color && a.href === b.href;
}

/** Spaces at the ends of a paragraph are HTML's, not the author's. */
function trimRuns(runs: Inline[]) {
  while (runs.length && !runs[0].text.trimStart()) runs.shift();
  while (runs.length && !(runs.at(-1) as Inline).text.trimEnd()) runs.pop();
  if (!runs.length) return;
  runs[0].text = runs[0].text.trimStart();
  const last = runs.at(-1) as Inline;
  last.text = last.text.trimEnd();
}
