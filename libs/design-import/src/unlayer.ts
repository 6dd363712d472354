// Unlayer's design JSON (docs.unlayer.com; the MIT-licensed react-email-editor):
// body.rows[].columns[].contents[] with each content's `values`, read into our rows and
// blocks. Per-device values (`_override.mobile`) and a block hidden on one kind of screen
// are named in warnings: our blocks have no per-device styles yet.
import type { Block, Border, ButtonBlock, DividerBlock, HeadingBlock, ImageBlock, MenuBlock, Row, SocialBlock, VideoBlock } from '@embed/design-document';
import { imageAddress, linkAddress, webAddress } from './addresses';
import { buttonBlock, buttonLabel, headingFrom, htmlBlock, imageBlock, imageSource, type ImportContext, socialNetwork, textOrHtmlBlock } from './blocks';
import { DesignBuilder, type DesignInfo, type ImportedColumn, MAX_BLOCKS_PER_COLUMN } from './document';
import { jsonRows, RowsReader } from './rows-reader';
import { isObject, type JsonObject, own, ownArray, ownObject, ownString } from './json-source';
import { lexicalContent, lexicalRoot } from './lexical';
import { inlineText } from './rich-text';
import { align, clamp, color, cut, defined, fontFamily, fontWeight, lineHeight, lineStyle, padding, px, pxWithin, textAlign, withStyle } from './values';


/** `{label, value}` font objects or plain stacks. */
const fontOf = (value: unknown) => fontFamily(isObject(value) ? own(value, 'value') : value);

/** Unlayer's links: `{name: "web", values: {href, target}}`, or an address as a string in older designs. */
function hrefOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return ownString(ownObject(value, 'values'), 'href') ?? ownString(ownObject(value, 'values'), 'url') ?? '';
}

/** `{borderTopWidth: "1px", borderTopStyle: "solid", borderTopColor: "#ccc"}`, the top side standing for all. */
function borderOf(value: unknown): Border | undefined {
  const width = px(own(value, 'borderTopWidth'));
  const style = own(value, 'borderTopStyle');
  const colour = color(own(value, 'borderTopColor'));
  return width !== undefined && width > 0 && colour && (style === 'solid' || style === 'dashed' || style === 'dotted') ? { width: clamp(width, 0, 20), style, color: colour } : undefined;
}

class UnlayerReader extends RowsReader {
  protected row(row: unknown, path: string): void {
    const values = ownObject(row, 'values');
    this.perDevice(values, path, 'row');
    const columns = ownArray(row, 'columns');
    const cells = ownArray(row, 'cells');
    const imported = columns.map((column, c): ImportedColumn => this.column(column, `${path}.columns[${c}]`, Number(cells[c]) || undefined));
    if (!imported.length) imported.push({ blocks: [] });
    const hideOn = own(values, 'hideDesktop') === true ? 'desktop' : own(values, 'hideMobile') === true ? 'mobile' : undefined;
    const background = ownObject(values, 'backgroundImage');
    const backgroundUrl = ownString(background, 'url') ? webAddress(this.tagged(own(background, 'url')), `${path}.values.backgroundImage`, this.warnings) : undefined;
    const size = own(background, 'size');
    this.builder.addRow({
      path,
      columns: imported,
      ...(own(values, 'noStackMobile') === true && { stackOnMobile: false }),
      ...(hideOn && { hideOn }),
      style: defined<NonNullable<Row['style']>>({
        padding: padding(own(values, 'padding')),
        backgroundColor: color(own(values, 'backgroundColor')),
        contentBackgroundColor: color(own(values, 'columnsBackgroundColor')),
        backgroundImage: backgroundUrl
          ? { url: backgroundUrl, ...(size === 'cover' || size === 'contain' ? { size } : {}), ...(own(background, 'repeat') === 'repeat' || own(background, 'repeat') === true ? { repeat: true } : {}) }
          : undefined,
        fullWidth: own(background, 'fullWidth') === true && backgroundUrl ? true : undefined,
      }),
    });
  }

  private column(column: unknown, path: string, width: number | undefined): ImportedColumn {
    const values = ownObject(column, 'values');
    const blocks: Block[] = [];
    const contents = ownArray(column, 'contents');
    if (contents.length > MAX_BLOCKS_PER_COLUMN) this.warnings.add(path, 'column_contents_cut', { count: contents.length, max: MAX_BLOCKS_PER_COLUMN });
    contents.slice(0, MAX_BLOCKS_PER_COLUMN).forEach((content, b) => {
      const block = this.content(content, `${path}.contents[${b}]`);
      if (block) blocks.push(block);
    });
    return {
      width,
      blocks,
      style: defined<NonNullable<ImportedColumn['style']>>({
        padding: padding(own(values, 'padding')),
        backgroundColor: color(own(values, 'backgroundColor')),
        border: borderOf(own(values, 'border')),
        borderRadius: pxWithin(own(values, 'borderRadius'), 0, 999),
      }),
    };
  }

  private perDevice(values: JsonObject, path: string, what: string): void {
    if (isObject(own(values, '_override')) && isObject(own(own(values, '_override'), 'mobile')))
      this.warnings.add(`${path}.values._override.mobile`, 'phone_values', { type: what });
    if (own(values, 'displayCondition')) this.warnings.add(`${path}.values.displayCondition`, 'display_condition', { type: what });
  }

  private content(content: unknown, path: string): Block | undefined {
    const type = ownString(content, 'type');
    const values = ownObject(content, 'values');
    this.perDevice(values, path, type ?? 'content');
    if (own(values, 'hideDesktop') === true || own(values, 'hideMobile') === true)
      this.warnings.add(`${path}.values`, own(values, 'hideDesktop') === true ? 'hidden_on_desktops' : 'hidden_on_phones', { type: type ?? 'content' });
    const fontSize = pxWithin(own(values, 'fontSize'), 8, 96);
    const text = {
      padding: padding(own(values, 'containerPadding')),
      textAlign: textAlign(own(values, 'textAlign')),
      fontFamily: fontOf(own(values, 'fontFamily')),
      fontSize,
      fontWeight: fontWeight(own(values, 'fontWeight')),
      color: color(own(values, 'color')),
      lineHeight: lineHeight(own(values, 'lineHeight'), fontSize),
      linkColor: color(own(ownObject(values, 'linkStyle'), 'linkColor')),
    };
    switch (type) {
      case 'text':
        return this.text(values, path, defined(text));
      case 'heading':
        return this.heading(values, path, defined(text));
      case 'image':
        return this.image(values, path);
      case 'button':
        return this.button(values, path);
      case 'divider':
        return this.divider(values);
      case 'social':
        return this.social(values, path);
      case 'menu':
        return this.menu(values, path, text);
      case 'html':
        return htmlBlock(typeof own(values, 'html') === 'string' ? (own(values, 'html') as string) : '', path, this.context, 'html_block_custom');
      case 'video':
        return this.video(values, path);
      default:
        if (type) this.warnings.add(path, 'unknown_content', { type: cut(type, 40) });
        else this.warnings.add(path, 'untyped_content');
        return undefined;
    }
  }

  private text(values: JsonObject, path: string, style: HeadingBlock['style']): Block | undefined {
    const root = lexicalRoot(own(values, 'textJson'));
    if (root) {
      const content = lexicalContent(root, `${path}.values.textJson`, this.context.tags, this.warnings);
      return content.length ? { type: 'text', content, ...withStyle(style) } : undefined;
    }
    return textOrHtmlBlock(ownString(values, 'text') ?? '', `${path}.values.text`, this.context, style);
  }

  private heading(values: JsonObject, path: string, style: HeadingBlock['style']): HeadingBlock | undefined {
    const tag = ownString(values, 'headingType') ?? 'h1';
    const level = clamp(Number(tag.slice(1)) || 1, 1, 4) as HeadingBlock['level'];
    if (Number(tag.slice(1)) > 4) this.warnings.add(`${path}.values.headingType`, 'heading_level', { tag: cut(tag, 10) });
    const root = lexicalRoot(own(values, 'textJson'));
    if (root) {
      const content = inlineText(lexicalContent(root, `${path}.values.textJson`, this.context.tags, this.warnings));
      return content.length ? { type: 'heading', level, content, ...withStyle(style) } : undefined;
    }
    return headingFrom(ownString(values, 'text') ?? '', level, `${path}.values.text`, this.context, style);
  }

  private image(values: JsonObject, path: string): ImageBlock | undefined {
    const source = ownObject(values, 'src');
    const src = imageSource(this.tagged(own(source, 'url')), `${path}.values.src.url`, path, this.warnings);
    if (!src) return undefined;
    const href = linkAddress(this.tagged(hrefOf(own(values, 'action'))), `${path}.values.action`, this.warnings);
    const alt = cut(this.tagged(own(values, 'altText')), 500);
    const width = own(source, 'autoWidth') === false ? pxWithin(own(source, 'width'), 1, 1200) : undefined;
    return imageBlock(src, { alt, href, width }, defined({ padding: padding(own(values, 'containerPadding')), align: align(own(values, 'textAlign')) }));
  }

  private button(values: JsonObject, path: string): ButtonBlock | undefined {
    const text = buttonLabel(ownString(values, 'text') ?? '', `${path}.values.text`, path, this.context);
    if (!text) return undefined;
    const colours = ownObject(values, 'buttonColors');
    const size = ownObject(values, 'size');
    const href = linkAddress(this.tagged(hrefOf(own(values, 'href'))), `${path}.values.href`, this.warnings);
    return buttonBlock(
      text,
      href,
      defined({
        buttonColor: color(own(colours, 'backgroundColor')),
        color: color(own(colours, 'color')),
        fontFamily: fontOf(own(values, 'fontFamily')),
        fontSize: pxWithin(own(values, 'fontSize'), 8, 96),
        fontWeight: fontWeight(own(values, 'fontWeight')),
        innerPadding: padding(own(values, 'padding')),
        padding: padding(own(values, 'containerPadding')),
        align: align(own(values, 'textAlign')),
        borderRadius: pxWithin(own(values, 'borderRadius'), 0, 999),
        border: borderOf(own(values, 'border')),
        fullWidth: own(size, 'autoWidth') === false && own(size, 'width') === '100%' ? true : undefined,
      }),
    );
  }

  private divider(values: JsonObject): DividerBlock {
    const border = ownObject(values, 'border');
    const style = own(border, 'borderTopStyle');
    const width = Number.parseInt(ownString(values, 'width') ?? '', 10);
    return {
      type: 'divider',
      ...withStyle(
        defined({
          padding: padding(own(values, 'containerPadding')),
          color: color(own(border, 'borderTopColor')),
          thickness: pxWithin(own(border, 'borderTopWidth'), 1, 20),
          lineStyle: lineStyle(style),
          width: Number.isFinite(width) ? clamp(width, 1, 100) : undefined,
          align: align(own(values, 'textAlign')),
        }),
      ),
    };
  }

  private social(values: JsonObject, path: string): SocialBlock | undefined {
    const links: SocialBlock['links'] = [];
    ownArray(ownObject(values, 'icons'), 'icons').forEach((icon, i) => {
      const place = `${path}.values.icons.icons[${i}]`;
      const href = linkAddress(this.tagged(own(icon, 'url')), place, this.warnings);
      if (!href) return this.warnings.add(place, 'social_without_address');
      if (links.length === 12) return this.warnings.add(place, 'social_links_cut', { max: 12 });
      links.push({ network: socialNetwork(own(icon, 'name')), href });
    });
    if (!links.length) return undefined;
    return { type: 'social', links, ...withStyle(defined({ padding: padding(own(values, 'containerPadding')), align: align(own(values, 'align')), iconSize: pxWithin(own(ownObject(values, 'icons'), 'iconSize'), 16, 64) })) };
  }

  private menu(values: JsonObject, path: string, text: { fontFamily?: string; fontSize?: number; fontWeight?: HeadingBlock['level'] | number }): MenuBlock | undefined {
    const items: MenuBlock['items'] = [];
    ownArray(ownObject(values, 'menu'), 'items').forEach((item, i) => {
      const place = `${path}.values.menu.items[${i}]`;
      const label = cut(this.tagged(own(item, 'text')).trim(), 100);
      if (!label) return;
      if (items.length === 12) return this.warnings.add(place, 'menu_links_cut', { max: 12 });
      const href = linkAddress(this.tagged(hrefOf(own(item, 'link'))), place, this.warnings);
      items.push({ text: label, ...(href && { href }) });
    });
    if (!items.length) return undefined;
    const separator = ownString(values, 'separator');
    return {
      type: 'menu',
      items,
      ...withStyle(
        defined({
          padding: padding(own(values, 'containerPadding')),
          align: align(own(values, 'align')),
          separator: separator === undefined ? undefined : cut(separator, 5),
          color: color(own(values, 'textColor')) ?? color(own(values, 'linkColor')),
          fontFamily: text.fontFamily,
          fontSize: text.fontSize,
        }),
      ),
    };
  }

  private video(values: JsonObject, path: string): VideoBlock | Block | undefined {
    const video = ownObject(values, 'video');
    const url = webAddress(this.tagged(own(video, 'url')), `${path}.values.video.url`, this.warnings);
    if (!url) return undefined;
    const id = ownString(video, 'videoId');
    const thumbnail =
      imageAddress(own(video, 'thumbnail'), `${path}.values.video.thumbnail`, this.warnings) ??
      (own(video, 'type') === 'youtube' && id && /^[A-Za-z0-9_-]{1,32}$/.test(id) ? `https://img.youtube.com/vi/${id}/hqdefault.jpg` : undefined);
    if (thumbnail) return { type: 'video', url, thumbnail, ...withStyle(defined({ padding: padding(own(values, 'containerPadding')) })) };
    this.warnings.add(path, 'video_as_button');
    return { type: 'button', text: 'Watch the video', href: url };
  }

  info(body: JsonObject): DesignInfo {
    const values = ownObject(body, 'values');
    for (const band of ['headers', 'footers'] as const)
      if (ownArray(body, band).length) this.warnings.add(`$.body.${band}`, `unlayer_${band}`);
    const fontSize = pxWithin(own(values, 'fontSize'), 8, 96);
    return {
      preheader: this.tagged(own(values, 'preheaderText')).trim() || undefined,
      style: defined({
        backgroundColor: color(own(values, 'backgroundColor')),
        contentBackgroundColor: color(own(values, 'contentBackgroundColor')),
        contentWidth: pxWithin(own(values, 'contentWidth'), 320, 1600),
        fontFamily: fontOf(own(values, 'fontFamily')),
        fontSize,
        color: color(own(values, 'textColor')),
        linkColor: color(own(ownObject(values, 'linkStyle'), 'linkColor')),
        lineHeight: lineHeight(own(values, 'lineHeight'), fontSize),
      }),
    };
  }
}

/** An Unlayer design (the object, or its JSON text); refused only when it has no body.rows to read. */
export function importUnlayer(source: unknown, builder: DesignBuilder, context: ImportContext): DesignInfo {
  const { holder, rows } = jsonRows(source, 'unlayer');
  const reader = new UnlayerReader(context, builder);
  reader.rows(rows, '$.body.rows');
  return reader.info(holder);
}
