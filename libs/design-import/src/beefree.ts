// Beefree's template JSON (its Apache-2.0 SDK types, IEntityJson; docs.beefree.io):
// page.rows[].columns[].modules[], each module a `type` (mailup-bee-newsletter-modules-*)
// and a `descriptor` holding its content, its box `style` (CSS properties by their CSS
// names) and the `computedStyle` Beefree derives (widths, alignment, per-device hiding).
import type { Block, ButtonBlock, DividerBlock, HeadingBlock, ImageBlock, MenuBlock, Row, SocialBlock, TextBlock, VideoBlock, WebFont } from '@embed/design-document';
import { fontAddress, imageAddress, linkAddress, webAddress } from './addresses';
import { buttonBlock, buttonLabel, headingFrom, htmlBlock, imageBlock, imageSource, type ImportContext, socialNetwork, textOrHtmlBlock } from './blocks';
import { DesignBuilder, type DesignInfo, type ImportedColumn, MAX_BLOCKS_PER_COLUMN } from './document';
import { jsonRows, RowsReader } from './rows-reader';
import { type JsonObject, own, ownArray, ownObject, ownString } from './json-source';
import { align, border, clamp, cut, defined, fontFamily, fontWeight, lineHeight, lineStyle, paddingOfCss, paint, px, pxWithin, textAlign, withStyle } from './values';

const MODULE_PREFIX = 'mailup-bee-newsletter-modules-';
/** A descriptor's CSS object read by property name. */
const css = (style: JsonObject) => (property: string) => own(style, property);

/** `url("https://...")` or `url(https://...)`, as Beefree writes background images. */
function cssUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 4096) return undefined;
  const text = value.trim();
  if (!text.startsWith('url(') || !text.endsWith(')')) return undefined;
  const inner = text.slice(4, -1).trim();
  const quote = inner[0];
  return (quote === '"' || quote === "'") && inner.endsWith(quote) ? inner.slice(1, -1) : inner;
}

/** Text styles of a paragraph, heading or list: Beefree's `inherit` and `transparent` say nothing. */
function textStyleOf(style: JsonObject, box: JsonObject) {
  const fontSize = pxWithin(own(style, 'font-size'), 8, 96);
  return defined<NonNullable<TextBlock['style']>>({
    padding: paddingOfCss(css(box)),
    textAlign: textAlign(own(style, 'text-align') ?? own(box, 'text-align')),
    fontFamily: own(style, 'font-family') === 'inherit' ? undefined : fontFamily(own(style, 'font-family')),
    fontSize,
    fontWeight: fontWeight(own(style, 'font-weight')),
    color: paint(own(style, 'color')),
    lineHeight: lineHeight(own(style, 'line-height'), fontSize),
    linkColor: paint(own(style, 'link-color')),
    backgroundColor: paint(own(box, 'background-color')),
  });
}

class BeefreeReader extends RowsReader {
  protected row(row: unknown, path: string): void {
    const content = ownObject(row, 'content');
    const contentStyle = ownObject(content, 'style');
    const containerStyle = ownObject(ownObject(row, 'container'), 'style');
    const computed = ownObject(content, 'computedStyle');
    const columns = ownArray(row, 'columns').map((column, c) => this.column(column, `${path}.columns[${c}]`));
    if (!columns.length) columns.push({ blocks: [] });
    const hideOn = own(computed, 'hideContentOnMobile') === true ? 'mobile' : own(computed, 'hideContentOnDesktop') === true ? 'desktop' : undefined;
    // The container is the band across the whole email, the content the box of the message's width: our row paints one of them.
    const inner = paint(own(contentStyle, 'background-color'));
    const band = paint(own(containerStyle, 'background-color'));
    if (inner && band && inner !== band) this.warnings.add(`${path}.container.style`, 'band_colour', { band, inner });
    const imagePlace = cssUrl(own(contentStyle, 'background-image')) ? 'content' : 'container';
    const imageStyle = imagePlace === 'content' ? contentStyle : containerStyle;
    const rawImage = cssUrl(own(imageStyle, 'background-image'));
    const imageUrl = rawImage ? webAddress(this.tagged(rawImage), `${path}.${imagePlace}.style.background-image`, this.warnings) : undefined;
    const position = own(imageStyle, 'background-position');
    const vertical = typeof position === 'string' ? position.split(' ').find((word) => word === 'top' || word === 'center' || word === 'bottom') : undefined;
    this.builder.addRow({
      path,
      columns,
      ...(own(computed, 'rowColStackOnMobile') === false && { stackOnMobile: false }),
      ...(hideOn && { hideOn }),
      style: defined<NonNullable<Row['style']>>({
        backgroundColor: inner ?? band,
        backgroundImage: imageUrl
          ? defined({ url: imageUrl, position: vertical as 'top' | 'center' | 'bottom' | undefined, repeat: own(imageStyle, 'background-repeat') === 'repeat' || undefined })
          : undefined,
        fullWidth: (!inner && band) || (imageUrl && imagePlace === 'container') ? true : undefined,
        borderRadius: pxWithin(own(contentStyle, 'border-radius'), 0, 999),
      }),
    });
  }

  private column(column: unknown, path: string): ImportedColumn {
    const style = ownObject(column, 'style');
    const modules = ownArray(column, 'modules');
    if (modules.length > MAX_BLOCKS_PER_COLUMN) this.warnings.add(path, 'column_modules_cut', { count: modules.length, max: MAX_BLOCKS_PER_COLUMN });
    const blocks: Block[] = [];
    modules.slice(0, MAX_BLOCKS_PER_COLUMN).forEach((module, m) => {
      const block = this.module(module, `${path}.modules[${m}]`);
      if (block) blocks.push(block);
    });
    const grid = Number(own(column, 'grid-columns'));
    return {
      width: Number.isFinite(grid) && grid > 0 ? grid : undefined,
      blocks,
      style: defined<NonNullable<ImportedColumn['style']>>({
        padding: paddingOfCss(css(style)),
        backgroundColor: paint(own(style, 'background-color')),
        border: border(own(style, 'border-top')) ?? border(own(style, 'border')),
      }),
    };
  }

  private module(module: unknown, path: string): Block | undefined {
    const type = ownString(module, 'type') ?? '';
    const kind = type.startsWith(MODULE_PREFIX) ? type.slice(MODULE_PREFIX.length) : '';
    const descriptor = ownObject(module, 'descriptor');
    const box = ownObject(descriptor, 'style');
    const computed = ownObject(descriptor, 'computedStyle');
    if (own(computed, 'hideContentOnMobile') === true || own(computed, 'hideContentOnDesktop') === true)
      this.warnings.add(`${path}.descriptor.computedStyle`, own(computed, 'hideContentOnMobile') === true ? 'hidden_on_phones' : 'hidden_on_desktops', { type: kind || 'module' });
    const place = `${path}.descriptor`;
    switch (kind) {
      case 'text':
      case 'paragraph':
      case 'list': {
        const part = ownObject(descriptor, kind);
        const html = ownString(part, 'html') ?? '';
        const style = textStyleOf(ownObject(part, 'style'), box);
        const linkColor = paint(own(ownObject(part, 'computedStyle'), 'linkColor'));
        return textOrHtmlBlock(html, `${place}.${kind}.html`, this.context, linkColor ? { ...style, linkColor } : style);
      }
      case 'heading':
        return this.heading(ownObject(descriptor, 'heading'), box, `${place}.heading`);
      case 'image':
        return this.image(ownObject(descriptor, 'image'), box, computed, `${place}.image`);
      case 'button':
        return this.button(ownObject(descriptor, 'button'), box, `${place}.button`);
      case 'divider':
        return this.divider(ownObject(ownObject(descriptor, 'divider'), 'style'), box, computed);
      case 'spacer':
        return { type: 'spacer', height: clamp(px(own(ownObject(ownObject(descriptor, 'spacer'), 'style'), 'height')) ?? 20, 1, 400) };
      case 'social':
        return this.social(ownObject(descriptor, 'iconsList'), box, computed, `${place}.iconsList`);
      case 'menu':
        return this.menu(descriptor, box, `${place}.menuItemsList`);
      case 'html':
        return htmlBlock(ownString(ownObject(descriptor, 'html'), 'html') ?? '', `${place}.html.html`, this.context, 'html_block_custom');
      case 'video':
        return this.video(ownObject(descriptor, 'video'), box, `${place}.video`);
      default:
        if (type) this.warnings.add(path, 'unknown_module', { type: cut(type, 60) });
        else this.warnings.add(path, 'untyped_module');
        return undefined;
    }
  }

  private heading(heading: JsonObject, box: JsonObject, path: string): HeadingBlock | undefined {
    const tag = ownString(heading, 'title') ?? 'h1';
    const n = Number(tag.slice(1));
    const level = clamp(Number.isInteger(n) && n > 0 ? n : 1, 1, 4) as HeadingBlock['level'];
    if (n > 4) this.warnings.add(`${path}.title`, 'heading_level', { tag: cut(tag, 10) });
    return headingFrom(ownString(heading, 'text') ?? '', level, `${path}.text`, this.context, textStyleOf(ownObject(heading, 'style'), box));
  }

  private image(image: JsonObject, box: JsonObject, computed: JsonObject, path: string): ImageBlock | undefined {
    const src = imageSource(this.tagged(own(image, 'src')), `${path}.src`, path, this.warnings);
    if (!src) return undefined;
    const href = linkAddress(this.tagged(own(image, 'href')), `${path}.href`, this.warnings);
    const alt = cut(this.tagged(own(image, 'alt')), 500);
    // `autowidth` images fill their column; `fixedwidth` ones keep computedStyle.width.
    const classes = ownString(computed, 'class') ?? '';
    const width = /\bautowidth\b/.test(classes) ? undefined : pxWithin(own(computed, 'width') ?? own(image, 'width'), 1, 1200);
    const side = /\b(left|center|right)\b/.exec(classes)?.[1];
    return imageBlock(src, { alt, href, width }, defined({ padding: paddingOfCss(css(box)), align: align(side ?? own(box, 'text-align')) }));
  }

  private button(button: JsonObject, box: JsonObject, path: string): ButtonBlock | undefined {
    const text = buttonLabel(ownString(button, 'label') ?? '', `${path}.label`, path, this.context);
    if (!text) return undefined;
    const style = ownObject(button, 'style');
    const href = linkAddress(this.tagged(own(button, 'href')), `${path}.href`, this.warnings);
    return buttonBlock(
      text,
      href,
      defined({
        buttonColor: paint(own(style, 'background-color')),
        color: paint(own(style, 'color')),
        fontFamily: own(style, 'font-family') === 'inherit' ? undefined : fontFamily(own(style, 'font-family')),
        fontSize: pxWithin(own(style, 'font-size'), 8, 96),
        fontWeight: fontWeight(own(style, 'font-weight')),
        innerPadding: paddingOfCss(css(style)),
        padding: paddingOfCss(css(box)),
        align: align(own(box, 'text-align')),
        borderRadius: pxWithin(own(style, 'border-radius'), 0, 999),
        border: border(own(style, 'border-top')) ?? border(own(style, 'border')),
        fullWidth: own(style, 'width') === '100%' || undefined,
      }),
    );
  }

  private divider(line: JsonObject, box: JsonObject, computed: JsonObject): DividerBlock {
    const top = typeof own(line, 'border-top') === 'string' ? (own(line, 'border-top') as string).slice(0, 200) : '';
    const words = top.trim().split(/\s+/);
    const width = Number.parseInt(ownString(line, 'width') ?? '', 10);
    const thickness = words.map((word) => px(word)).find((n) => n !== undefined && n > 0);
    return {
      type: 'divider',
      ...withStyle(
        defined({
          padding: paddingOfCss(css(box)),
          color: words.map((word) => paint(word)).find(Boolean),
          thickness: thickness === undefined ? undefined : clamp(thickness, 1, 20),
          lineStyle: words.map((word) => lineStyle(word)).find(Boolean),
          width: Number.isFinite(width) && (ownString(line, 'width') ?? '').endsWith('%') ? clamp(width, 1, 100) : undefined,
          align: align(own(computed, 'align')),
        }),
      ),
    };
  }

  private social(list: JsonObject, box: JsonObject, computed: JsonObject, path: string): SocialBlock | undefined {
    const links: SocialBlock['links'] = [];
    ownArray(list, 'icons').forEach((icon, i) => {
      const place = `${path}.icons[${i}]`;
      const image = ownObject(icon, 'image');
      const href = linkAddress(this.tagged(own(image, 'href')), `${place}.image.href`, this.warnings);
      if (!href) return this.warnings.add(place, 'social_without_address');
      if (links.length === 12) return this.warnings.add(place, 'social_links_cut', { max: 12 });
      const label = cut(this.tagged(own(image, 'title') ?? own(icon, 'text')).trim(), 100);
      links.push({ network: socialNetwork(own(icon, 'name')), href, ...(label && { label }) });
    });
    if (!links.length) return undefined;
    return {
      type: 'social',
      links,
      ...withStyle(
        defined({
          padding: paddingOfCss(css(box)),
          align: align(own(box, 'text-align') ?? own(computed, 'align')),
          iconSize: pxWithin(own(computed, 'iconsDefaultWidth') ?? own(computed, 'width'), 16, 64),
        }),
      ),
    };
  }

  private menu(descriptor: JsonObject, box: JsonObject, path: string): MenuBlock | undefined {
    const items: MenuBlock['items'] = [];
    ownArray(ownObject(descriptor, 'menuItemsList'), 'items').forEach((item, i) => {
      const place = `${path}.items[${i}]`;
      const text = cut(this.tagged(own(item, 'text')).trim(), 100);
      if (!text) return;
      if (items.length === 12) return this.warnings.add(place, 'menu_links_cut', { max: 12 });
      const href = linkAddress(this.tagged(own(ownObject(item, 'link'), 'href')), `${place}.link.href`, this.warnings);
      items.push({ text, ...(href && { href }) });
    });
    if (!items.length) return undefined;
    const style = ownObject(descriptor, 'style');
    const separator = ownString(ownObject(descriptor, 'menuItemsList'), 'separator') ?? ownString(ownObject(ownObject(descriptor, 'settings'), 'separator'), 'content');
    return {
      type: 'menu',
      items,
      ...withStyle(
        defined({
          padding: paddingOfCss(css(box)),
          align: align(own(box, 'text-align')),
          separator: separator === undefined ? undefined : cut(separator, 5),
          color: paint(own(style, 'color')),
          fontFamily: own(style, 'font-family') === 'inherit' ? undefined : fontFamily(own(style, 'font-family')),
          fontSize: pxWithin(own(style, 'font-size'), 8, 96),
          fontWeight: fontWeight(own(style, 'font-weight')),
        }),
      ),
    };
  }

  private video(video: JsonObject, box: JsonObject, path: string): VideoBlock | ButtonBlock | undefined {
    const url = webAddress(this.tagged(own(video, 'src')), `${path}.src`, this.warnings);
    if (!url) return undefined;
    const thumbnail = imageAddress(own(video, 'thumbSrc'), `${path}.thumbSrc`, this.warnings);
    if (thumbnail) return { type: 'video', url, thumbnail, ...withStyle(defined({ padding: paddingOfCss(css(box)) })) };
    this.warnings.add(path, 'video_as_button');
    return { type: 'button', text: 'Watch the video', href: url };
  }

  info(page: JsonObject): DesignInfo {
    const body = ownObject(page, 'body');
    const content = ownObject(body, 'content');
    const style = ownObject(content, 'style');
    const computed = ownObject(content, 'computedStyle');
    const fonts: WebFont[] = [];
    ownArray(body, 'webFonts').forEach((font, f) => {
      const family = (ownString(font, 'name') ?? '').replace(/[^A-Za-z0-9 -]/g, '').trim().slice(0, 100);
      const url = fontAddress(own(font, 'url'), `$.page.body.webFonts[${f}].url`, this.warnings);
      if (family && url) fonts.push({ family, url });
    });
    return {
      title: this.tagged(own(page, 'title')).trim() || undefined,
      preheader: this.tagged(own(page, 'description')).trim() || undefined,
      fonts,
      style: defined({
        backgroundColor: paint(own(ownObject(ownObject(body, 'container'), 'style'), 'background-color')),
        contentBackgroundColor: paint(own(computed, 'messageBackgroundColor')),
        contentWidth: pxWithin(own(computed, 'messageWidth'), 320, 1600),
        fontFamily: fontFamily(own(style, 'font-family')),
        color: paint(own(style, 'color')),
        linkColor: paint(own(computed, 'linkColor')),
      }),
    };
  }
}

/** A Beefree template (the object, or its JSON text, with or without Beefree's outer `{page}`); refused only when it has no page.rows. */
export function importBeefree(source: unknown, builder: DesignBuilder, context: ImportContext): DesignInfo {
  const { holder, rows } = jsonRows(source, 'beefree');
  const reader = new BeefreeReader(context, builder);
  reader.rows(rows, '$.page.rows');
  return reader.info(holder);
}
