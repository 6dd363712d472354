// An mj-text as the mjml package draws it: its markup in a div, in a cell padded by the
// mj-text's padding, drawn by the browser with its own margins. A heading at the top level
// of that markup becomes a heading block of its size (a text block holds paragraphs and
// lists only); the markup around it, text blocks. The margins it is drawn with (a list's
// 1em, an h2's 0.83em, and a paragraph's 13px, which the mjml package's own style gives
// every p) are kept as the blocks' padding: those of the first and last element inside the
// cell's, and between two parts the larger of the two, as margins collapse.
import type { ChildNode, Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import type { Block, HeadingBlock, TextStyle } from '@embed/design-document';
import { defaultMargin, HEADING_EM, HEADINGS, isHeading } from './browser-defaults';
import { headingFrom, htmlBlock, type ImportContext, textOrHtmlBlockOf, withPadding } from './blocks';
import { needsHtmlBlock, parseFragment } from './rich-text';
import { clamp, defined, paddingSides } from './values';

/** The margin above and under every p, from the style in the head of the mjml package's HTML. */
const MJML_P_MARGIN = 13;

/** One part of the text: a heading, or the nodes between two headings. */
type Part = { heading: Element } | { nodes: ChildNode[] };

const isBlank = (node: ChildNode) => node.type === 'text' && !node.data.trim();

function parts(nodes: ChildNode[]): Part[] {
  const found: Part[] = [];
  let run: ChildNode[] = [];
  const flush = () => {
    if (run.some((node) => !isBlank(node) && node.type !== 'comment')) found.push({ nodes: run });
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'tag' && isHeading(node.name)) {
      flush();
      found.push({ heading: node });
    } else run.push(node);
  }
  flush();
  return found;
}

/** A part's first or last element, whose margin shows above or under it (none for loose text). */
const edgeElement = (part: Part, last: boolean): Element | undefined => {
  if ('heading' in part) return part.heading;
  const shown = part.nodes.filter((node) => !isBlank(node) && node.type !== 'comment');
  const edge = last ? shown.at(-1) : shown[0];
  return edge?.type === 'tag' ? edge : undefined;
};

export function mjmlTextBlocks(html: string, path: string, context: ImportContext, style: TextStyle, lineHeightWritten: string | undefined): Block[] {
  const nodes = parseFragment(html, path, context.warnings);
  if (needsHtmlBlock(nodes)) {
    const block = withPadding(htmlBlock(html, path, context, 'html_block_rich_text'), style.padding);
    return block ? [block] : [];
  }
  const size = style.fontSize ?? 13;
  const headingSize = (heading: Element) => clamp(Math.round(HEADING_EM[heading.name] * size), 8, 96);
  const margin = (part: Part, last: boolean) => {
    const element = edgeElement(part, last);
    if (!element) return 0;
    return element.name === 'p' ? MJML_P_MARGIN : defaultMargin(element.name, 'heading' in part ? headingSize(part.heading) : size);
  };
  const [top, right, bottom, left] = paddingSides(style.padding);
  const found = parts(nodes);
  return found.flatMap((part, index) => {
    const above = index === 0 ? top + margin(part, false) : Math.max(margin(found[index - 1], true), margin(part, false));
    const below = index === found.length - 1 ? bottom + margin(part, true) : 0;
    const padding = above === top && below === bottom ? style.padding : `${Math.round(above)}px ${right}px ${Math.round(below)}px ${left}px`;
    const block = 'heading' in part ? heading(part.heading, path, context, style, padding, lineHeightWritten) : textOrHtmlBlockOf(part.nodes, () => DomUtils.getOuterHTML(part.nodes), path, context, defined({ ...style, padding }));
    return block ? [block] : [];
  });
}

/**
 * A heading of the browser's size and weight in em of the text's; its line as high as the
 * text's when that is written in % or px (a length the heading inherits), else the same
 * multiple of its own size.
 */
function heading(element: Element, path: string, context: ImportContext, text: TextStyle, padding: string | undefined, lineHeightWritten: string | undefined): HeadingBlock | undefined {
  const level = HEADINGS[element.name];
  if (level > 4) context.warnings.add(path, 'heading_level', { tag: `<${element.name}>` });
  const fontSize = clamp(Math.round(HEADING_EM[element.name] * (text.fontSize ?? 13)), 8, 96);
  const inheritsLength = /(%|px)\s*$/.test(lineHeightWritten ?? '');
  const lineHeight = text.lineHeight === undefined ? undefined : clamp(Math.round((inheritsLength ? (text.lineHeight * (text.fontSize ?? 13)) / fontSize : text.lineHeight) * 100) / 100, 0.8, 3);
  const { textAlign, color, fontFamily, backgroundColor } = text;
  return headingFrom(DomUtils.getInnerHTML(element), clamp(level, 1, 4) as HeadingBlock['level'], path, context, defined({ padding, textAlign, color, fontFamily, backgroundColor, fontSize, fontWeight: 700 as const, lineHeight }));
}
