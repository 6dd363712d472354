// Plain HTML emails, as mail tools write them (a centred table of a fixed width whose rows
// hold cells, the cells side by side being columns) and simple web pages (sections and
// flex rows of blocks), read into rows, columns and blocks. What has no block of ours
// (a table inside a column, a form, an embed) stays html through the sanitizer, with a
// warning naming its place: `html > body > table[0] > tr[2] > td[1]`.
import { type ChildNode, Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import type { Block, ButtonBlock, Column, DividerBlock, HeadingBlock, ImageBlock, Row, TextBlock, WebFont } from '@embed/design-document';
import { fontAddress, linkAddress, webAddress } from './addresses';
import { buttonBlock, buttonLabel, headingFrom, htmlBlock, imageBlock, imageSource, type ImportContext, textOrHtmlBlockOf, withPadding } from './blocks';
import { DesignBuilder, type DesignInfo, type ImportedColumn, MAX_BLOCKS_PER_COLUMN } from './document';
import { SourceUnreadable } from './errors';
import { hasClassOf, stackingClasses } from './html-stacking';
import { parseFragment, styleOf } from './rich-text';
import { align, border, BROWSER_LINK_COLOR, clamp, cut, defined, fontFamily, fontWeight, lineHeight, lineStyle, paddingOfCss, paint, px, pxWithin, textAlign } from './values';
import { defaultMargin, HEADING_EM, HEADINGS, isHeading } from './browser-defaults';

type TextStyle = NonNullable<TextBlock['style']>;

const isElement = (node: ChildNode): node is Element => node.type === 'tag' || node.type === 'script' || node.type === 'style';
const elementsOf = (nodes: ChildNode[]) => nodes.filter(isElement);
const isBlank = (node: ChildNode) => node.type === 'text' && !node.data.replace(/&nbsp;|\u00a0/g, ' ').trim();

/** Never read as content. */
const SILENT = new Set(['head', 'title', 'meta', 'link', 'style', 'template', 'noscript', 'base']);
/** Only an html block can show them; the sanitizer takes out what could run. */
const EMBEDS = new Set(['iframe', 'video', 'audio', 'object', 'embed', 'form', 'svg', 'canvas', 'picture', 'input', 'select', 'textarea', 'button']);
/** Elements that start a new text block. */
const TEXT_BLOCKS = new Set(['p', 'ul', 'ol', 'blockquote', 'pre', 'address', 'dl']);
/** Boxes a layout is made of: each may hold rows of its own. */
const BOXES = new Set(['div', 'section', 'article', 'header', 'footer', 'main', 'nav', 'aside', 'center', 'body', 'html', 'td', 'th', 'figure', 'font', 'span']);
/** A page's parts: each makes rows of its own. */
const SECTIONS = new Set(['section', 'header', 'footer', 'article', 'main', 'nav', 'aside']);
/** Cells of one table row read as columns at most: they make rows of four, and a design holds 200 rows. */
const MAX_CELLS = 40;

/** `html > body > table[0]`: each element by its index among its siblings of the same name. */
function childPaths(parent: string, children: Element[]): [Element, string][] {
  const seen: Record<string, number> = Object.create(null);
  return children.map((child) => {
    const index = (seen[child.name] = (seen[child.name] ?? -1) + 1);
    return [child, `${parent} > ${child.name}[${index}]`];
  });
}

/** A table's rows in order, through thead, tbody and tfoot; each with its cells. */
function tableRows(table: Element): Element[] {
  return elementsOf(table.children).flatMap((child) => (child.name === 'tr' ? [child] : ['thead', 'tbody', 'tfoot'].includes(child.name) ? elementsOf(child.children).filter((row) => row.name === 'tr') : []));
}
const cellsOf = (row: Element) => elementsOf(row.children).filter((cell) => cell.name === 'td' || cell.name === 'th');

/** Whether a node holds anything a reader sees: text, an image, a rule, an embed. */
function hasContent(node: ChildNode): boolean {
  const stack = [node];
  while (stack.length) {
    const next = stack.pop() as ChildNode;
    if (next.type === 'text' && !isBlank(next)) return true;
    if (!isElement(next) || SILENT.has(next.name) || next.name === 'script') continue;
    if (next.name === 'img' || next.name === 'hr' || EMBEDS.has(next.name)) return true;
    stack.push(...next.children);
  }
  return false;
}

/**
 * What a cell or a box says of the text inside it: emails put their fonts on the cell. A
 * table's own `align` places the table, not its cells' text (a row's or a cell's does align it).
 */
function inheritedText(element: Element, outer: TextStyle): TextStyle {
  const style = styleOf(element);
  const fontSize = pxWithin(style['font-size'], 8, 96);
  return {
    ...outer,
    ...defined<TextStyle>({
      fontFamily: fontFamily(style['font-family'] ?? element.attribs['face']),
      fontSize,
      color: paint(style['color'] ?? element.attribs['color']),
      lineHeight: lineHeight(style['line-height'], fontSize ?? outer.fontSize),
      textAlign: textAlign(style['text-align'] ?? (element.name === 'table' ? undefined : element.attribs['align'])),
      fontWeight: fontWeight(style['font-weight']),
    }),
  };
}

/** A table starts its cells' text at the start again: a browser does not carry a cell's `align` into a table inside it. */
const tableText = ({ textAlign: _reset, ...text }: TextStyle): TextStyle => text;

const backgroundOf = (element: Element) => paint(styleOf(element)['background-color'] ?? element.attribs['bgcolor'] ?? styleOf(element)['background']);
const paddingOf = (element: Element) => paddingOfCss((property) => styleOf(element)[property] ?? (property === 'padding' && element.attribs['cellpadding'] ? `${element.attribs['cellpadding']}px` : undefined));

/** The one link of a cell or a link styled as a button: an `<a>` with a background, alone in a painted box or painted itself. */
function buttonLink(element: Element): Element | undefined {
  if (element.name === 'a') {
    const style = styleOf(element);
    return paint(style['background-color'] ?? style['background']) && !DomUtils.findOne((node) => node.name === 'img', element.children) ? element : undefined;
  }
  if (element.name !== 'table' && element.name !== 'td') return undefined;
  const cells = element.name === 'table' ? tableRows(element).flatMap(cellsOf) : [element];
  if (cells.length !== 1 || !backgroundOf(cells[0])) return undefined;
  const inside = cells[0].children.filter((node) => !isBlank(node));
  const link = inside.length === 1 && isElement(inside[0]) ? inside[0] : undefined;
  return link?.name === 'a' && !DomUtils.findOne((node) => node.name === 'img' || node.name === 'table', link.children) ? link : undefined;
}

class HtmlReader {
  constructor(
    private readonly context: ImportContext,
    private readonly builder: DesignBuilder,
    /** The cells' classes that the source's CSS stacks on phones. */
    private readonly stacking: Set<string>,
  ) {}

  private get warnings() {
    return this.context.warnings;
  }

  private tagged = (value: unknown) => this.context.tags(typeof value === 'string' ? value : '');

  /**
   * A box read as rows: its inline content and blocks gathered into one-column rows, each
   * table's rows and each inner box (a section, a centred table's cell) its own rows.
   */
  rows(box: Element, path: string, text: TextStyle, background?: string): void {
    const own = inheritedText(box, text);
    const paint = backgroundOf(box) ?? background;
    let run: ChildNode[] = [];
    let runStart = path;
    const flush = () => {
      // The run's elements are the box's children: named by their places among all of them.
      if (run.some(hasContent)) this.addRow(runStart, [{ blocks: this.blocks(run, path, own, places) }], paint, box);
      run = [];
    };
    const children = box.children;
    const places = new Map(childPaths(path, elementsOf(children)));
    const first = this.builder.rowCount;
    for (const node of children) {
      if (!this.builder.hasRoom) return this.builder.skipRow();
      const place = isElement(node) ? (places.get(node) as string) : path;
      if (isElement(node) && node.name === 'table' && !buttonLink(node)) {
        flush();
        this.table(node, place, own, paint);
      } else if (isElement(node) && this.isLayoutBox(node)) {
        flush();
        const columns = this.flexColumns(node, place, own);
        // A flex row that does not wrap, or a grid, keeps its boxes side by side on a phone.
        if (columns) this.addRow(place, columns, backgroundOf(node) ?? paint, node, !/wrap/.test(styleOf(node)['flex-wrap'] ?? styleOf(node)['flex-flow'] ?? ''));
        else this.rows(node, place, own, paint);
      } else {
        if (!run.length) runStart = place;
        run.push(node);
      }
    }
    flush();
    this.builder.padRows(first, paddingOf(box));
  }

  /** A page's section, a painted box, or a box that holds a table or other boxes: rows of its own. */
  private isLayoutBox(element: Element): boolean {
    if (!BOXES.has(element.name) || element.name === 'span' || element.name === 'font') return false;
    if (SECTIONS.has(element.name) || backgroundOf(element)) return true;
    if (DomUtils.findOne((node) => node.name === 'table' && !buttonLink(node), element.children)) return true;
    const boxes = elementsOf(element.children).filter((child) => BOXES.has(child.name) && child.name !== 'span' && child.name !== 'font');
    return boxes.length > 0 && boxes.some((child) => elementsOf(child.children).some((inner) => TEXT_BLOCKS.has(inner.name) || isHeading(inner.name) || inner.name === 'img'));
  }

  /** `display: flex` or `grid` boxes, or floated ones, side by side: a row of columns. */
  private flexColumns(element: Element, path: string, text: TextStyle): ImportedColumn[] | undefined {
    const display = styleOf(element)['display'] ?? '';
    const children = elementsOf(element.children).filter(hasContent);
    const floated = children.length > 1 && children.every((child) => ['left', 'right'].includes(styleOf(child)['float'] ?? '') || (styleOf(child)['display'] ?? '') === 'inline-block');
    if (!(/^(?:inline-)?(?:flex|grid)$/.test(display.trim()) || floated) || children.length < 2) return undefined;
    const columns = childPaths(path, children.slice(0, MAX_CELLS)).map(([child, place]) => this.column(child, place, text));
    if (display.includes('flex') && columns.some((column) => column.width === undefined) && !children.every((child) => /^1(?:\s|$)/.test(styleOf(child)['flex'] ?? '')))
      this.warnings.add(path, 'flex_widths');
    return columns;
  }

  private table(table: Element, path: string, text: TextStyle, background?: string): void {
    const own = inheritedText(table, tableText(text));
    const paint = backgroundOf(table) ?? background;
    for (const [row, rowPlace] of childPaths(path, tableRows(table))) {
      if (!this.builder.hasRoom) return this.builder.skipRow();
      const cells = childPaths(rowPlace, cellsOf(row));
      const filled = cells.filter(([cell]) => hasContent(cell));
      if (!filled.length) continue;
      if (filled.length === 1) {
        this.rows(filled[0][0], filled[0][1], inheritedText(row, own), backgroundOf(row) ?? paint);
        continue;
      }
      if (filled.length > MAX_CELLS) this.warnings.add(rowPlace, 'cells_cut', { count: filled.length, max: MAX_CELLS });
      const columns = filled.slice(0, MAX_CELLS).map(([cell, place]) => this.column(cell, place, inheritedText(row, own)));
      // A table's cells stay side by side on any screen, unless the source's CSS stacks them on phones.
      this.addRow(rowPlace, columns, backgroundOf(row) ?? paint, row, !filled.some(([cell]) => hasClassOf(cell.attribs['class'], this.stacking)));
    }
  }

  private column(cell: Element, path: string, text: TextStyle): ImportedColumn {
    const style = styleOf(cell);
    const width = px(cell.attribs['width']) ?? px(style['width']) ?? percent(cell.attribs['width'] ?? style['width']);
    return {
      width,
      blocks: this.blocks(cell.children, path, inheritedText(cell, text)),
      style: defined<NonNullable<Column['style']>>({
        padding: paddingOf(cell),
        backgroundColor: backgroundOf(cell),
        border: border(style['border']),
        verticalAlign: ((value) => (value === 'top' || value === 'middle' || value === 'bottom' ? value : undefined))(style['vertical-align'] ?? cell.attribs['valign']),
      }),
    };
  }

  private addRow(path: string, columns: ImportedColumn[], background: string | undefined, box: Element, sideBySide = false): void {
    const image = /url\(\s*['"]?([^'")\s]+)/.exec(styleOf(box)['background-image'] ?? styleOf(box)['background'] ?? '')?.[1] ?? box.attribs['background'];
    const url = image ? webAddress(this.tagged(image), `${path} background`, this.warnings) : undefined;
    const single = columns.length === 1 ? columns[0] : undefined;
    this.builder.addRow({
      path,
      columns: single ? [{ ...single, style: undefined }] : columns,
      ...(sideBySide && !single && { stackOnMobile: false }),
      style: defined<NonNullable<Row['style']>>({
        backgroundColor: background,
        backgroundImage: url ? { url, size: 'cover' } : undefined,
        // A row of one column carries its cell's padding (our rows pad around their columns), a row of boxes side by side its box's.
        padding: single ? single.style?.padding : paddingOf(box),
      }),
    });
  }

  /**
   * The blocks of a column's content, in order; inline content between blocks makes text blocks.
   * `places` names the nodes' elements when they are some of `path`'s children, not all.
   */
  blocks(nodes: ChildNode[], path: string, text: TextStyle, places = new Map(childPaths(path, elementsOf(nodes)))): Block[] {
    const blocks: Block[] = [];
    let inline: ChildNode[] = [];
    const add = (block: Block | undefined) => {
      if (!block) return;
      // Markup kept as html sits where it stood: the space around it is its cell's.
      if (blocks.length < MAX_BLOCKS_PER_COLUMN) blocks.push(block.type === 'html' ? (withPadding(block, block.style?.padding ?? '0px') as Block) : block);
      else this.warnings.add(path, 'column_blocks_over', { max: MAX_BLOCKS_PER_COLUMN });
    };
    const flushInline = () => {
      const nodes = inline;
      if (nodes.some(hasContent)) add(this.text(nodes, path, text));
      inline = [];
    };
    const walk = (children: ChildNode[], place: string, style: TextStyle, places = new Map(childPaths(place, elementsOf(children)))) => {
      for (const node of children) {
        if (!isElement(node)) {
          if (node.type === 'text') inline.push(node);
          continue;
        }
        const here = places.get(node) as string;
        const name = node.name;
        if (SILENT.has(name)) continue;
        if (name === 'script') {
          this.warnings.add(here, 'script_left_out');
          continue;
        }
        const link = buttonLink(node);
        const lone = name === 'a' ? elementsOf(node.children) : [];
        if (link) {
          flushInline();
          add(this.button(link, node, here, style));
        } else if (name === 'img' || (name === 'a' && lone.length === 1 && lone[0].name === 'img' && !node.children.some((child) => child.type === 'text' && !isBlank(child)))) {
          flushInline();
          add(this.image(name === 'img' ? node : lone[0], name === 'a' ? node : undefined, here, style));
        } else if (name === 'hr') {
          flushInline();
          add(divider(node));
        } else if (isHeading(name)) {
          flushInline();
          add(this.heading(node, here, inheritedText(node, style)));
        } else if (TEXT_BLOCKS.has(name)) {
          flushInline();
          add(this.text([node], here, inheritedText(node, style), node));
        } else if (name === 'table') {
          // A table inside a column: one cell a row is read through; cells side by side stay html.
          flushInline();
          const rows = tableRows(node);
          const table = inheritedText(node, tableText(style));
          if (rows.every((row) => cellsOf(row).filter(hasContent).length <= 1))
            for (const [row, rowPlace] of childPaths(here, rows)) {
              const cell = cellsOf(row).find(hasContent);
              if (cell) walk(cell.children, `${rowPlace} > ${cell.name}`, inheritedText(cell, table));
            }
          else add(htmlBlock(DomUtils.getOuterHTML(node), here, this.context, 'html_block_nested_table'));
        } else if (EMBEDS.has(name)) {
          flushInline();
          this.warnings.add(here, 'html_block_element', { element: `<${name}>` });
          add(htmlBlock(DomUtils.getOuterHTML(node), here, this.context));
        } else if (BOXES.has(name) && name !== 'span' && name !== 'font') {
          flushInline();
          walk(node.children, here, inheritedText(node, style));
          flushInline();
        } else inline.push(node);
      }
    };
    walk(nodes, path, text, places);
    flushInline();
    return blocks;
  }

  /** A text block; its padding the space the browser keeps around the element (its margin), none for loose inline content. */
  private text(nodes: ChildNode[], path: string, style: TextStyle, element?: Element): Block | undefined {
    return textOrHtmlBlockOf(nodes, () => DomUtils.getOuterHTML(nodes), path, this.context, defined({ ...style, padding: element ? spaceAround(element, style) : '0px' }));
  }

  private heading(element: Element, path: string, inherited: TextStyle): HeadingBlock | undefined {
    const n = HEADINGS[element.name];
    // A heading of no size of its own is the browser's: 2em for an h1... of the text around it.
    const ownSize = pxWithin(styleOf(element)['font-size'], 8, 96) !== undefined;
    const style = ownSize ? inherited : { ...inherited, fontSize: clamp(Math.round(HEADING_EM[element.name] * (inherited.fontSize ?? 16)), 8, 96) };
    if (n > 4) this.warnings.add(path, 'heading_level', { tag: `<${element.name}>` });
    return headingFrom(DomUtils.getInnerHTML(element), clamp(n, 1, 4) as HeadingBlock['level'], path, this.context, defined({ ...style, lineHeight: style.lineHeight ?? NORMAL_LINE_HEIGHT, padding: spaceAround(element, style) }));
  }

  private image(image: Element, link: Element | undefined, path: string, text: TextStyle): ImageBlock | undefined {
    const src = imageSource(this.tagged(image.attribs['src']), `${path} src`, path, this.warnings);
    if (!src) return undefined;
    const href = link ? linkAddress(this.tagged(link.attribs['href']), `${path} href`, this.warnings) : undefined;
    const alt = cut(this.tagged(image.attribs['alt']), 500);
    const style = styleOf(image);
    const width = pxWithin(image.attribs['width'] ?? style['width'], 1, 1200);
    const centred = style['margin'] === '0 auto' || image.attribs['align'] === 'center' || (style['margin-left'] === 'auto' && style['margin-right'] === 'auto');
    // Where the image says nothing: a block starts at the left, an inline image follows the text's alignment.
    const placed = centred ? 'center' : (align(image.attribs['align']) ?? (style['display'] === 'block' ? 'left' : (align(text.textAlign) ?? 'left')));
    return imageBlock(src, { alt, href, width }, { padding: '0px', align: placed });
  }

  private button(link: Element, box: Element, path: string, text: TextStyle): ButtonBlock | undefined {
    const label = buttonLabel(DomUtils.getInnerHTML(link), path, path, this.context);
    if (!label) return undefined;
    const linkStyle = styleOf(link);
    const cell = box.name === 'table' ? tableRows(box).flatMap(cellsOf)[0] : box;
    const href = linkAddress(this.tagged(link.attribs['href']), `${path} href`, this.warnings);
    return buttonBlock(
      label,
      href,
      defined({
        buttonColor: backgroundOf(link) ?? (cell ? backgroundOf(cell) : undefined),
        color: paint(linkStyle['color']),
        fontFamily: fontFamily(linkStyle['font-family']) ?? text.fontFamily,
        fontSize: pxWithin(linkStyle['font-size'], 8, 96) ?? text.fontSize,
        fontWeight: fontWeight(linkStyle['font-weight']),
        innerPadding: paddingOf(link) ?? (cell && cell !== link ? paddingOf(cell) : undefined),
        borderRadius: pxWithin(linkStyle['border-radius'] ?? (cell ? styleOf(cell)['border-radius'] : undefined), 0, 999),
        align: align(box.attribs['align']) ?? align(text.textAlign),
        // The space around a button is its cell's, which its row carries.
        padding: '0px',
      }),
    );
  }

  /** The head and the body's frame: title, hidden preheader, web fonts, the page's colour and the content's width. */
  info(root: ChildNode[], body: Element): DesignInfo {
    const title = DomUtils.findOne((node) => node.name === 'title', root);
    const fonts: WebFont[] = [];
    const links = DomUtils.findAll((node) => node.name === 'link' && (node.attribs['rel'] ?? '').toLowerCase() === 'stylesheet', root);
    links.forEach((link, l) => {
      const href = link.attribs['href'] ?? '';
      const family = /[?&]family=([A-Za-z0-9+ ]{1,100})/.exec(href)?.[1]?.replace(/\+/g, ' ');
      const url = family ? fontAddress(href, `html > head > link[${l}]`, this.warnings) : undefined;
      if (family && url) fonts.push({ family, url });
    });
    if (DomUtils.findOne((node) => node.name === 'style', root)) this.warnings.add('html > head > style', 'style_element');
    const frame = DomUtils.findOne((node) => (node.name === 'table' || node.name === 'div') && (px(node.attribs['width']) ?? px(styleOf(node)['max-width']) ?? px(styleOf(node)['width']) ?? 0) >= 320, body.children);
    const width = frame && (px(frame.attribs['width']) ?? px(styleOf(frame)['max-width']) ?? px(styleOf(frame)['width']));
    const fixed = frame && width && px(styleOf(frame)['max-width']) === undefined && (px(frame.attribs['width']) ?? px(styleOf(frame)['width'])) !== undefined;
    const outer = DomUtils.findOne((node) => node.name === 'table' || node.name === 'div', body.children);
    const text = inheritedText(body, {});
    return {
      title: title ? this.tagged(DomUtils.textContent(title).replace(/\s+/g, ' ').trim()) : undefined,
      preheader: this.preheader(body),
      fonts,
      ...(fixed && { fixedWidth: { width, path: 'html > body' } }),
      style: defined({
        backgroundColor: backgroundOf(body) ?? (outer && outer !== frame ? backgroundOf(outer) : undefined),
        contentBackgroundColor: frame ? backgroundOf(frame) : undefined,
        contentWidth: width ? clamp(width, 320, 1600) : undefined,
        // Where the source says nothing, a browser's defaults: black text in Times, blue links.
        fontFamily: text.fontFamily ?? BROWSER_FONT,
        fontSize: text.fontSize,
        color: text.color ?? '#000000',
        linkColor: BROWSER_LINK_COLOR,
        lineHeight: text.lineHeight ?? NORMAL_LINE_HEIGHT,
      }),
    };
  }

  /** Mail tools hide the preheader at the top of the body (`display:none`); it is read and not shown as a block. */
  private preheader(body: Element): string | undefined {
    const hidden = DomUtils.findOne((node) => (styleOf(node)['display'] ?? '').trim() === 'none', body.children);
    if (!hidden) return undefined;
    const text = this.tagged(DomUtils.textContent(hidden).replace(/[\s\u200c\u00a0]+/g, ' ').trim());
    DomUtils.removeElement(hidden);
    return text || undefined;
  }
}

/** A browser's font where a page sets none. */
const BROWSER_FONT = "'Times New Roman', Times, serif";

/** A browser's `line-height: normal`, that of the usual fonts (Arial 1.15, Georgia 1.14, Verdana 1.22): our renderer's own is 1.5. */
const NORMAL_LINE_HEIGHT = 1.15;


/**
 * The space the browser keeps around a paragraph, list or heading, as our block's padding:
 * its margin as written, else the browser's own, which for blocks one under the other
 * collapse in a browser and our paddings do not: the larger of the two, below the block.
 */
function spaceAround(element: Element, style: TextStyle): string {
  const written = paddingOfCss((property) => styleOf(element)[property.replace('padding', 'margin')]);
  if (written) return written;
  const size = (style.fontSize ?? 16) * (Object.hasOwn(HEADING_EM, element.name) && !style.fontSize ? HEADING_EM[element.name] : 1);
  return `0px 0px ${Math.round(defaultMargin(element.name, size))}px 0px`;
}

const percent = (value: string | undefined) => {
  const match = /^(\d{1,3})%$/.exec((value ?? '').trim());
  return match ? Number(match[1]) : undefined;
};

function divider(rule: Element): DividerBlock {
  const style = styleOf(rule);
  const line = border(style['border-top']) ?? border(style['border']);
  const width = percent(rule.attribs['width'] ?? style['width']);
  const drawn = defined({
    // A rule's margin, as written, else the browser's (0.5em, 8px, above and below).
    padding: paddingOfCss((property) => style[property.replace('padding', 'margin')]) ?? '8px 0px',
    color: line?.color ?? paint(rule.attribs['color'] ?? style['background-color']),
    thickness: line ? clamp(line.width, 1, 20) : pxWithin(style['height'] ?? rule.attribs['size'], 1, 20),
    lineStyle: lineStyle(line?.style),
    width: width === undefined ? undefined : clamp(width, 1, 100),
  });
  return { type: 'divider', ...(drawn && { style: drawn }) };
}

/** An HTML email or page; refused only when it holds no markup or text at all. */
export function importHtml(source: unknown, builder: DesignBuilder, context: ImportContext): DesignInfo {
  if (typeof source !== 'string') throw new SourceUnreadable('$.source', 'html_not_text');
  if (!source.trim()) throw new SourceUnreadable('html', 'html_empty');
  const root = parseFragment(source, 'html', context.warnings);
  const found = DomUtils.findOne((node) => node.name === 'body', root);
  // A fragment without <body> (a section of a page) is read as if it were one.
  const body = found ?? new Element('body', {}, root);
  const css = DomUtils.findAll((node) => node.name === 'style', root).map((style) => DomUtils.textContent(style)).join('\n');
  const reader = new HtmlReader(context, builder, stackingClasses(css));
  const info = reader.info(root, body);
  reader.rows(body, found ? 'html > body' : 'html', {});
  return info;
}
