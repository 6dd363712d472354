// MJML 4 and 5 (documentation.mjml.io) read into our rows, columns and blocks. The source
// is parsed by htmlparser2 as MJML's own parser does (mjml-parser-xml is built on it):
// linear, and never throwing on bad markup. mj-include is never followed.
import type { ChildNode, Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import type { Block, ButtonBlock, DividerBlock, ImageBlock, MenuBlock, Row, SocialBlock, SpacerBlock, WebFont } from '@embed/design-document';
import { fontAddress, linkAddress, webAddress } from './addresses';
import { buttonBlock, buttonLabel, fragmentText, htmlBlock, imageBlock, imageSource, type ImportContext, socialNetwork, withPadding } from './blocks';
import { mjmlTextBlocks } from './mjml-text';
import { DesignBuilder, type DesignInfo, type ImportedColumn, MAX_BLOCKS_PER_COLUMN } from './document';
import { SourceUnreadable } from './errors';
import { RENDER_DEFAULTS } from '@embed/render-core/defaults';
import { MAX_MARKUP_DEPTH, markupDepth } from '@embed/render-core/sanitize';
import { parseFragment } from './rich-text';
import { align, border, BROWSER_LINK_COLOR, clamp, color, cut, defined, fontFamily, fontWeight, lineHeight, lineStyle, padding, paddingSides, px, pxWithin, textAlign, withStyle } from './values';

type Attributes = Record<string, string>;

const elementsOf = (nodes: ChildNode[]) => nodes.filter((node): node is Element => node.type === 'tag');
const named = (nodes: ChildNode[], name: string) => elementsOf(nodes).find((element) => element.name === name);

/** `mjml > mj-body > mj-section[2]`: each element by its index among its siblings of the same name. */
function childPaths(parent: string, children: Element[]): [Element, string][] {
  const seen: Record<string, number> = Object.create(null);
  return children.map((child) => {
    const index = (seen[child.name] = (seen[child.name] ?? -1) + 1);
    return [child, `${parent} > ${child.name}[${index}]`];
  });
}

/**
 * What an element draws with when neither it nor mj-attributes says otherwise (MJML's
 * documented defaults, where our renderer's differ): read as if written, so that the
 * import looks as the mjml package draws the source.
 */
const MJML_DEFAULTS: Record<string, Attributes> = {
  'mj-section': { padding: '20px 0px' },
  'mj-wrapper': { padding: '20px 0px' },
  'mj-hero': { padding: '0px', mode: 'fixed-height', height: '0px' },
  'mj-text': { padding: '10px 25px', 'font-size': '13px', 'line-height': '1', color: '#000000', 'font-family': 'Ubuntu, Helvetica, Arial, sans-serif' },
  'mj-image': { padding: '10px 25px' },
  'mj-button': { padding: '10px 25px', 'inner-padding': '10px 25px', 'font-size': '13px', 'font-weight': 'normal', 'background-color': '#414141', color: '#ffffff', 'border-radius': '3px' },
  'mj-table': { padding: '10px 25px' },
  'mj-divider': { padding: '10px 25px', 'border-color': '#000000', 'border-width': '4px' },
  'mj-social': { padding: '10px 25px', 'icon-size': '20px' },
  'mj-carousel': { 'border-radius': '6px', 'icon-width': '44px' },
  'mj-navbar-link': { 'font-size': '13px', color: '#000000', padding: '15px 10px', 'line-height': '22px', 'text-transform': 'uppercase' },
};

/** mj-attributes: defaults for every element (mj-all), per element name, and per mj-class. */
class MjmlDefaults {
  private readonly all: Attributes = Object.create(null);
  private readonly byName: Record<string, Attributes> = Object.create(null);
  private readonly byClass: Record<string, Attributes> = Object.create(null);

  constructor(head: Element | undefined) {
    const attributes = head && named(head.children, 'mj-attributes');
    for (const element of elementsOf(attributes?.children ?? [])) {
      const own = { ...element.attribs };
      if (element.name === 'mj-all') Object.assign(this.all, own);
      else if (element.name === 'mj-class' && own['name']) Object.assign((this.byClass[own['name']] ??= Object.create(null)), own);
      else Object.assign((this.byName[element.name] ??= Object.create(null)), own);
    }
  }

  /** An element's attributes, its own over its classes' over its name's over mj-all's. */
  of(element: Element): Attributes {
    const classes = (element.attribs['mj-class'] ?? '').split(/\s+/).filter(Boolean);
    const fromClasses = Object.assign(Object.create(null), ...classes.map((name) => (Object.hasOwn(this.byClass, name) ? this.byClass[name] : {})));
    return Object.assign(this.forName(element.name), fromClasses, element.attribs);
  }

  /** What an element of that name takes when it says nothing itself. */
  forName(name: string): Attributes {
    const documented = Object.hasOwn(MJML_DEFAULTS, name) ? MJML_DEFAULTS[name] : {};
    return Object.assign(Object.create(null), documented, this.all, Object.hasOwn(this.byName, name) ? this.byName[name] : {});
  }
}

class MjmlReader {
  private readonly defaults: MjmlDefaults;

  constructor(
    root: Element,
    private readonly context: ImportContext,
    private readonly builder: DesignBuilder,
  ) {
    this.defaults = new MjmlDefaults(named(root.children, 'mj-head'));
  }

  private get warnings() {
    return this.context.warnings;
  }

  /** Sections, wrappers, heroes and raw HTML of the body, in order, as rows. */
  body(body: Element, path: string): void {
    for (const [child, place] of childPaths(path, elementsOf(body.children))) {
      if (!this.builder.hasRoom) this.builder.skipRow();
      else if (child.name === 'mj-section') this.section(child, place);
      else if (child.name === 'mj-wrapper') this.wrapper(child, place);
      else if (child.name === 'mj-hero') this.hero(child, place);
      else if (child.name === 'mj-raw') this.rawRow(child, place, false);
      else this.warnings.add(place, 'unknown_element', { element: `<${child.name}>` });
    }
  }

  private wrapper(wrapper: Element, path: string): void {
    const attributes = this.defaults.of(wrapper);
    if (attributes['background-url']) this.warnings.add(path, 'wrapper_background');
    const background = color(attributes['background-color']);
    const first = this.builder.rowCount;
    for (const [child, place] of childPaths(path, elementsOf(wrapper.children))) {
      if (child.name === 'mj-section') this.section(child, place, background);
      else if (child.name === 'mj-hero') this.hero(child, place);
      else if (child.name === 'mj-raw') this.rawRow(child, place, true);
      else this.warnings.add(place, 'unknown_element', { element: `<${child.name}>` });
    }
    // The wrapper's padding, painted with its background: above its first section, under its last, beside each.
    this.builder.padRows(first, padding(attributes['padding']));
  }

  private section(section: Element, path: string, wrapperBackground?: string): void {
    const attributes = this.defaults.of(section);
    const columns: ImportedColumn[] = [];
    let stackOnMobile = true;
    for (const [child, place] of childPaths(path, elementsOf(section.children))) {
      if (child.name === 'mj-column') columns.push(this.column(child, place));
      else if (child.name === 'mj-group') {
        stackOnMobile = false;
        for (const [column, columnPlace] of childPaths(place, elementsOf(child.children).filter((element) => element.name === 'mj-column'))) columns.push(this.column(column, columnPlace));
      } else if (child.name === 'mj-raw') columns.push({ blocks: this.raw(child, place, true) });
      else this.warnings.add(place, 'not_in_section', { element: `<${child.name}>` });
    }
    if (!columns.length) columns.push({ blocks: [] });
    this.builder.addRow({
      path,
      columns,
      ...(!stackOnMobile && { stackOnMobile }),
      style: defined<NonNullable<Row['style']>>({
        padding: padding(attributes['padding']),
        backgroundColor: color(attributes['background-color']) ?? wrapperBackground,
        backgroundImage: this.backgroundImage(attributes, path),
        border: border(attributes['border']),
        borderRadius: pxWithin(attributes['border-radius'], 0, 999),
        fullWidth: attributes['full-width'] === 'full-width' || undefined,
      }),
    });
  }

  /** A section's background image; `drawnSize` is how MJML draws one of an element that has no background-size (a hero's covers it). */
  private backgroundImage(attributes: Attributes, path: string, drawnSize?: 'cover'): NonNullable<Row['style']>['backgroundImage'] {
    const url = webAddress(this.context.tags(attributes['background-url'] ?? ''), path, this.warnings);
    if (!url) return undefined;
    const size = drawnSize ?? attributes['background-size'];
    const position = (attributes['background-position'] ?? '').split(/\s+/).find((word) => word === 'top' || word === 'center' || word === 'bottom');
    return defined({
      url,
      size: size === 'cover' || size === 'contain' || size === 'auto' ? size : undefined,
      position: position as 'top' | 'center' | 'bottom' | undefined,
      repeat: attributes['background-repeat'] === 'repeat' ? true : undefined,
    });
  }

  private hero(hero: Element, path: string): void {
    const attributes = this.defaults.of(hero);
    const blocks = this.contents(hero.children, path);
    const [top, right, bottom, left] = paddingSides(padding(attributes['padding']));
    // A hero of a fixed height keeps it as space under its content, which starts at the top
    // as in MJML: the content's height told at the body's width, and at a phone's (where its
    // text takes more lines) for phones.
    const fixed = attributes['mode'] === 'fixed-height';
    const below = (width: number) => {
      const content = fixed ? this.estimatedHeight(hero.children, width - left - right) : undefined;
      return content === undefined ? undefined : Math.max(0, Math.round((px(attributes['height']) ?? 0) - top - bottom - content));
    };
    const [desktop, phone] = [below(this.bodyWidth), below(PHONE_WIDTH)];
    this.warnings.add(path, desktop === undefined ? 'hero_as_row' : 'hero_height_estimated');
    const paddingWith = (space: number | undefined) => (space ? `${top}px ${right}px ${Math.min(999, bottom + space)}px ${left}px` : padding(attributes['padding']));
    this.builder.addRow({
      path,
      columns: [{ blocks }],
      ...(phone !== desktop && { phone: defined({ padding: paddingWith(phone) }) }),
      style: defined<NonNullable<Row['style']>>({
        padding: paddingWith(desktop),
        backgroundColor: color(attributes['background-color']),
        backgroundImage: this.backgroundImage(attributes, path, 'cover'),
      }),
    });
  }

  private get bodyWidth(): number {
    return px(this.defaults.forName('mj-body')['width']) ?? 600;
  }

  /**
   * The height in px MJML gives these elements at that width, from their sizes and
   * paddings; a text's lines from its length at half an em a character. Undefined for
   * what cannot be told without drawing it (an image of no set height, a table).
   */
  private estimatedHeight(nodes: ChildNode[], width: number): number | undefined {
    let height = 0;
    for (const element of elementsOf(nodes)) {
      const attributes = this.defaults.of(element);
      const [top, right, bottom, left] = paddingSides(padding(attributes['padding']));
      const fontSize = px(attributes['font-size']) ?? 13;
      if (element.name === 'mj-text') {
        const lines = Math.max(1, Math.ceil((DomUtils.textContent(element).trim().length * fontSize * 0.5) / Math.max(1, width - left - right)));
        height += top + bottom + lines * fontSize * (lineHeight(attributes['line-height'], fontSize) ?? 1);
      } else if (element.name === 'mj-button') {
        const [innerTop, , innerBottom] = paddingSides(padding(attributes['inner-padding']));
        height += top + bottom + innerTop + innerBottom + fontSize * (lineHeight(attributes['line-height'] ?? '120%', fontSize) ?? 1.2);
      } else if (element.name === 'mj-spacer') height += px(attributes['height']) ?? 20;
      else if (element.name === 'mj-divider') height += top + bottom + (px(attributes['border-width']) ?? 4);
      else if (element.name === 'mj-image' && px(attributes['height'])) height += top + bottom + (px(attributes['height']) ?? 0);
      else return undefined;
    }
    return height;
  }

  private rawRow(raw: Element, path: string, inBox: boolean): void {
    const blocks = this.raw(raw, path, inBox);
    if (blocks.length) this.builder.addRow({ path, columns: [{ blocks }] });
  }

  /**
   * Raw HTML as an html block, with no padding (the mjml package adds none). Inside a
   * wrapper, a section or a column (`inBox`) it is drawn in their cells, of font-size 0:
   * its text is as small there, unless it sets its own size, and so it stays.
   */
  private raw(raw: Element, path: string, inBox: boolean): Block[] {
    const markup = DomUtils.getInnerHTML(raw);
    const block = withPadding(htmlBlock(inBox ? `<div style="font-size:0px">${markup}</div>` : markup, path, this.context, 'html_block_mj_raw'), '0px');
    return block ? [block] : [];
  }

  private column(column: Element, path: string): ImportedColumn {
    const attributes = this.defaults.of(column);
    const vertical = attributes['vertical-align'];
    return {
      width: columnWidth(attributes['width']),
      blocks: this.contents(column.children, path),
      style: defined<NonNullable<ImportedColumn['style']>>({
        padding: padding(attributes['padding']),
        backgroundColor: color(attributes['background-color'] ?? attributes['inner-background-color']),
        border: border(attributes['border']),
        borderRadius: pxWithin(attributes['border-radius'], 0, 999),
        verticalAlign: vertical === 'top' || vertical === 'middle' || vertical === 'bottom' ? vertical : undefined,
      }),
    };
  }

  private contents(nodes: ChildNode[], path: string): Block[] {
    const blocks: Block[] = [];
    const elements = elementsOf(nodes);
    if (elements.length > MAX_BLOCKS_PER_COLUMN) this.warnings.add(path, 'column_elements_cut', { count: elements.length, max: MAX_BLOCKS_PER_COLUMN });
    for (const [element, place] of childPaths(path, elements.slice(0, MAX_BLOCKS_PER_COLUMN))) {
      if (element.name === 'mj-text') blocks.push(...this.text(element, place));
      else {
        const block = this.block(element, place);
        if (block) blocks.push(block);
      }
    }
    return blocks;
  }

  /** A text block, or a heading and text blocks for a text with headings at its top level (mjml-text.ts). */
  private text(element: Element, path: string): Block[] {
    const attributes = this.defaults.of(element);
    return mjmlTextBlocks(DomUtils.getInnerHTML(element), path, this.context, textStyle(attributes) ?? {}, attributes['line-height']);
  }

  private block(element: Element, path: string): Block | undefined {
    const attributes = this.defaults.of(element);
    switch (element.name) {
      case 'mj-image':
        return this.image(attributes, path);
      case 'mj-carousel':
        return this.carousel(element, attributes, path);
      case 'mj-button':
        return this.button(element, attributes, path);
      case 'mj-divider':
        return divider(attributes);
      case 'mj-spacer':
        return { type: 'spacer', height: clamp(px(attributes['height']) ?? 20, 1, 400) } satisfies SpacerBlock;
      case 'mj-social':
        return this.social(element, attributes, path);
      case 'mj-navbar':
        return this.navbar(element, attributes, path);
      case 'mj-raw':
        return this.raw(element, path, true)[0];
      case 'mj-table':
        return withPadding(htmlBlock(`<table>${DomUtils.getInnerHTML(element)}</table>`, path, this.context, 'html_block_mj_table'), padding(attributes['padding']));
      default:
        this.warnings.add(path, 'unknown_element', { element: `<${element.name}>` });
        return undefined;
    }
  }

  private image(attributes: Attributes, path: string): ImageBlock | undefined {
    const src = imageSource(this.context.tags(attributes['src'] ?? ''), path, path, this.warnings);
    if (!src) return undefined;
    const href = linkAddress(this.context.tags(attributes['href'] ?? ''), path, this.warnings);
    const alt = this.context.tags(attributes['alt'] ?? '');
    const width = pxWithin(attributes['width'], 1, 1200);
    return imageBlock(
      src,
      { alt: cut(alt, 500), href, width },
      defined({ padding: padding(attributes['padding']), align: align(attributes['align']), borderRadius: pxWithin(attributes['border-radius'], 0, 999), backgroundColor: color(attributes['container-background-color']) }),
    );
  }

  /**
   * A carousel as the clients that run its CSS (Apple Mail, a browser) first draw it: its
   * first image, with the carousel's corners, between its two arrows (each `icon-width`
   * wide, which the image block keeps as padding); the arrows and thumbnails are not kept.
   */
  private carousel(carousel: Element, attributes: Attributes, path: string): ImageBlock | undefined {
    const images = elementsOf(carousel.children).filter((element) => element.name === 'mj-carousel-image');
    if (!images.length) {
      this.warnings.add(path, 'image_without_address');
      return undefined;
    }
    this.warnings.add(path, 'carousel_first_image', { count: images.length });
    const first = this.defaults.of(images[0]);
    const arrows = px(attributes['icon-width']) ?? 44;
    return this.image({ ...first, 'border-radius': first['border-radius'] ?? attributes['border-radius'], align: attributes['align'], padding: `0px ${arrows}px` }, path);
  }

  private button(element: Element, attributes: Attributes, path: string): ButtonBlock | undefined {
    const text = buttonLabel(DomUtils.getInnerHTML(element), path, path, this.context);
    if (!text) return undefined;
    const href = linkAddress(this.context.tags(attributes['href'] ?? ''), path, this.warnings);
    return buttonBlock(
      text,
      href,
      defined({
        buttonColor: color(attributes['background-color']),
        color: color(attributes['color']),
        fontFamily: fontFamily(attributes['font-family']),
        fontSize: pxWithin(attributes['font-size'], 8, 96),
        fontWeight: fontWeight(attributes['font-weight']),
        innerPadding: padding(attributes['inner-padding']),
        padding: padding(attributes['padding']),
        align: align(attributes['align']),
        borderRadius: pxWithin(attributes['border-radius'], 0, 999),
        border: border(attributes['border']),
        fullWidth: attributes['width'] === '100%' || undefined,
      }),
    );
  }

  private social(element: Element, attributes: Attributes, path: string): SocialBlock | undefined {
    const links: SocialBlock['links'] = [];
    for (const [child, place] of childPaths(path, elementsOf(element.children).filter((node) => node.name === 'mj-social-element'))) {
      const own = this.defaults.of(child);
      const href = linkAddress(this.context.tags(own['href'] ?? ''), place, this.warnings);
      if (!href) {
        this.warnings.add(place, 'social_without_address');
        continue;
      }
      const label = cut(fragmentText(DomUtils.getInnerHTML(child), place, this.context), 100);
      if (links.length < 12) links.push({ network: socialNetwork(own['name']), href, ...(label && { label }) });
      else this.warnings.add(place, 'social_links_cut', { max: 12 });
    }
    if (!links.length) return undefined;
    return {
      type: 'social',
      links,
      ...withStyle(
        defined({
          // An element's content is the label MJML shows beside its icon.
          showLabels: links.some((link) => link.label) || undefined,
          padding: padding(attributes['padding']),
          align: align(attributes['align']),
          iconSize: pxWithin(attributes['icon-size'], 16, 64),
          color: color(attributes['color']),
          fontFamily: fontFamily(attributes['font-family']),
          fontSize: pxWithin(attributes['font-size'], 8, 96),
        }),
      ),
    };
  }

  private navbar(element: Element, attributes: Attributes, path: string): MenuBlock | undefined {
    if (attributes['hamburger'] === 'hamburger') this.warnings.add(path, 'navbar_hamburger');
    const items: MenuBlock['items'] = [];
    let linkStyle: Attributes = Object.create(null);
    for (const [child, place] of childPaths(path, elementsOf(element.children).filter((node) => node.name === 'mj-navbar-link'))) {
      const own = this.defaults.of(child);
      linkStyle = own;
      const text = cut(transformed(fragmentText(DomUtils.getInnerHTML(child), place, this.context), own['text-transform']), 100);
      if (!text) continue;
      const href = linkAddress(this.context.tags(`${attributes['base-url'] ?? ''}${own['href'] ?? ''}`), place, this.warnings);
      if (items.length < 12) items.push({ text, ...(href && { href }) });
      else this.warnings.add(place, 'menu_links_cut', { max: 12 });
    }
    if (!items.length) return undefined;
    const fontSize = pxWithin(linkStyle['font-size'], 8, 96);
    return {
      type: 'menu',
      items,
      ...withStyle(
        defined({
          ...navbarSpacing(linkStyle, fontSize ?? 13),
          align: align(attributes['align']),
          color: color(linkStyle['color']),
          fontFamily: fontFamily(linkStyle['font-family']),
          fontSize,
          fontWeight: fontWeight(linkStyle['font-weight']),
        }),
      ),
    };
  }

  /** The head: mj-title, mj-preview, mj-font, and what we do not keep (mj-style). */
  info(root: Element, body: Element): DesignInfo {
    const head = named(root.children, 'mj-head');
    const headElements = elementsOf(head?.children ?? []);
    const fonts: WebFont[] = [];
    for (const [font, place] of childPaths('mjml > mj-head', headElements.filter((element) => element.name === 'mj-font'))) {
      const family = (font.attribs['name'] ?? '').replace(/[^A-Za-z0-9 -]/g, '').trim().slice(0, 100);
      const url = fontAddress(font.attribs['href'], place, this.warnings);
      if (family && url) fonts.push({ family, url });
    }
    if (headElements.some((element) => element.name === 'mj-style')) this.warnings.add('mjml > mj-head > mj-style', 'mj_style');
    const attributes = this.defaults.of(body);
    const text = (name: string) => {
      const element = headElements.find((candidate) => candidate.name === name);
      return element ? this.context.tags(DomUtils.textContent(element).replace(/\s+/g, ' ').trim()) : undefined;
    };
    return {
      title: text('mj-title'),
      preheader: text('mj-preview'),
      fonts,
      style: defined({
        backgroundColor: color(attributes['background-color']),
        contentWidth: pxWithin(attributes['width'], 320, 1600),
        linkColor: BROWSER_LINK_COLOR,
        fontFamily: fontFamily(this.defaults.forName('mj-text')['font-family']),
      }),
    };
  }
}

function textStyle(attributes: Attributes) {
  const fontSize = pxWithin(attributes['font-size'], 8, 96);
  return defined({
    padding: padding(attributes['padding']),
    backgroundColor: color(attributes['container-background-color']),
    textAlign: textAlign(attributes['align']),
    fontFamily: fontFamily(attributes['font-family']),
    fontSize,
    fontWeight: fontWeight(attributes['font-weight']),
    color: color(attributes['color']),
    lineHeight: lineHeight(attributes['line-height'], fontSize),
  });
}

/** A navbar link's text as MJML shows it: in capitals by default (its `text-transform`). */
function transformed(text: string, transform: string | undefined): string {
  if (transform === 'uppercase') return text.toUpperCase();
  if (transform === 'lowercase') return text.toLowerCase();
  if (transform === 'capitalize') return text.replace(/(^|\s)(\S)/g, (_match, space: string, first: string) => space + first.toUpperCase());
  return text;
}

/** The width of the phone a hero's content height is told at: the usual phone's, in CSS px (375 to 393 in most). */
const PHONE_WIDTH = 375;

/** The width of a space, in em, about that of the usual email fonts' (Arial .28, Georgia .25, Verdana .35). */
const SPACE_EM = 0.3;

/**
 * A navbar's links are boxes padded on every side (15px 10px, 22px lines): our menu is one
 * line of links with a separator. The links' padding becomes the menu's above and below
 * (less what its line's height already gives), the space between two links its separator
 * of no-break spaces.
 */
function navbarSpacing(link: Attributes, fontSize: number): { padding?: string; separator?: string } {
  const [top, right, bottom, left] = (padding(link['padding']) ?? '0px').split(' ').map((side) => px(side) ?? 0);
  const sides = { top, right: right ?? top, bottom: bottom ?? top, left: left ?? right ?? top };
  const lineGap = Math.max(0, ((lineHeight(link['line-height'], fontSize) ?? 1) - RENDER_DEFAULTS.lineHeight) * fontSize / 2);
  const gap = sides.left + sides.right + fontSize * SPACE_EM;
  const spaces = clamp(Math.round(gap / (fontSize * SPACE_EM)) - 2, 0, 5);
  return {
    padding: `${Math.round(sides.top + lineGap)}px ${sides.right}px ${Math.round(sides.bottom + lineGap)}px ${sides.left}px`,
    separator: '\u00a0'.repeat(spaces),
  };
}

function divider(attributes: Attributes): DividerBlock {
  const style = attributes['border-style'];
  const width = attributes['width'] ?? '';
  const percent = width.endsWith('%') ? Number.parseInt(width, 10) : undefined;
  return {
    type: 'divider',
    ...withStyle(
      defined({
        padding: padding(attributes['padding']),
        color: color(attributes['border-color']),
        thickness: pxWithin(attributes['border-width'], 1, 20),
        lineStyle: lineStyle(style),
        width: percent !== undefined && Number.isFinite(percent) ? clamp(percent, 1, 100) : undefined,
        align: align(attributes['align']),
      }),
    ),
  };
}

/** `33%` or `200px`; the row turns widths into ratios. */
function columnWidth(value: string | undefined): number | undefined {
  const match = /^(\d{1,4}(?:\.\d{1,4})?)\s*(%|px)?$/.exec((value ?? '').trim());
  return match ? Number(match[1]) : undefined;
}


/** Whether the source's last markup is the root's end tag (`</mjml>`, spaces allowed before its `>`), as a whole file's is. */
function endsWithRootClose(source: string): boolean {
  const end = source.trimEnd();
  const close = end.toLowerCase().lastIndexOf('</mjml');
  return close !== -1 && end.endsWith('>') && end.slice(close + '</mjml'.length, -1).trim() === '';
}

/** The whole MJML document; refused only when there is no mjml with an mj-body to read. */
export function importMjml(source: unknown, builder: DesignBuilder, context: ImportContext): DesignInfo {
  if (typeof source !== 'string') throw new SourceUnreadable('$.source', 'mjml_not_text');
  if (markupDepth(source) > MAX_MARKUP_DEPTH) throw new SourceUnreadable('mjml', 'mjml_too_deep', { max: MAX_MARKUP_DEPTH });
  const nodes = parseFragment(source, 'mjml', context.warnings, { xmlLike: true });
  const root = named(nodes, 'mjml');
  if (!root) throw new SourceUnreadable('mjml', 'mjml_no_root');
  const body = named(root.children, 'mj-body');
  if (!body) throw new SourceUnreadable('mjml > mj-body', 'mjml_no_body');
  if (elementsOf(root.children).some((element) => element.name === 'mj-include') || /<mj-include\b/.test(source))
    context.warnings.add('mjml', 'mj_include');
  // The parser closes what a cut source leaves open, and drops a tag cut in half, silently.
  if (!endsWithRootClose(source)) context.warnings.add('mjml', 'mjml_cut_short');
  const reader = new MjmlReader(root, context, builder);
  reader.body(body, 'mjml > mj-body');
  return reader.info(root, body);
}
