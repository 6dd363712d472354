// What a contenteditable element shows for the document's runs, as plain objects: the
// editor turns them into DOM nodes (dom-runs.ts); tests read them back without a DOM.
import { type Inline, mergeTagPieces } from '@embed/design-document/model';
import { ELEMENT_NODE, MERGE_TAG_ATTRIBUTE, TEXT_NODE, type TextContent, type TreeNode } from './tree';

export class ViewElement implements TreeNode {
  readonly nodeType = ELEMENT_NODE;
  readonly nodeValue = null;
  constructor(
    readonly nodeName: string,
    readonly attributes: Readonly<Record<string, string>>,
    readonly childNodes: ViewNode[],
  ) {}

  getAttribute(name: string): string | null {
    return Object.hasOwn(this.attributes, name) ? this.attributes[name] : null;
  }
}

export class ViewText implements TreeNode {
  readonly nodeType = TEXT_NODE;
  readonly nodeName = '#text';
  readonly childNodes: ViewNode[] = [];
  constructor(readonly nodeValue: string) {}
}

export type ViewNode = ViewElement | ViewText;

export const element = (tag: string, attributes: Record<string, string>, children: ViewNode[]) => new ViewElement(tag.toUpperCase(), attributes, children);

/** A merge tag as one uneditable unit that the caret steps over, reading back as its exact text. */
export const mergeTagView = (tag: string) => element('span', { class: 'merge-tag', contenteditable: 'false', [MERGE_TAG_ATTRIBUTE]: tag }, [new ViewText(tag)]);

/**
 * Text with its merge tags as units and its newlines as line breaks. Pushed into one array:
 * a paste of 100,000 newlines is as many line breaks, and arrays made and spread per line
 * took twice the time (linear-time.spec.ts).
 */
function textView(text: string): ViewNode[] {
  const nodes: ViewNode[] = [];
  for (const piece of mergeTagPieces(text)) {
    if (typeof piece !== 'string') {
      nodes.push(mergeTagView(piece.tag));
      continue;
    }
    piece.split('\n').forEach((line, j) => {
      if (j > 0) nodes.push(element('br', {}, []));
      if (line) nodes.push(new ViewText(line));
    });
  }
  return nodes;
}

/** A run in the renderer's order of marks (libs/render-core/src/rich-text.ts): the link outermost. */
function runView(run: Inline): ViewNode[] {
  let nodes = textView(run.text);
  const wrap = (tag: string, attributes: Record<string, string> = {}) => (nodes = [element(tag, attributes, nodes)]);
  if (run.bold) wrap('strong');
  if (run.italic) wrap('em');
  if (run.underline) wrap('u');
  if (run.strike) wrap('s');
  // As an attribute's text, so that the colour reads back exactly as written (the CSSOM would give rgb()).
  if (run.color !== undefined) wrap('span', { style: `color: ${run.color}` });
  if (run.href !== undefined) wrap('a', { href: run.href });
  return nodes;
}

/** The runs of a line of text; a trailing line break, or none at all, gets the extra <br> a browser needs to show the line. */
export function runsView(runs: Inline[]): ViewNode[] {
  const nodes = runs.flatMap(runView);
  const last = runs[runs.length - 1];
  if (!last || last.text.endsWith('\n') || runs.every((run) => !run.text)) nodes.push(element('br', {}, []));
  return nodes;
}

export function textContentView(content: TextContent): ViewNode[] {
  return content.map((part) =>
    part.type === 'paragraph'
      ? element('p', {}, runsView(part.content))
      : element(
          part.ordered ? 'ol' : 'ul',
          {},
          part.items.map((item) => element('li', {}, runsView(item))),
        ),
  );
}
