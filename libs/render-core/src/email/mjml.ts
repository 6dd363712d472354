import type { Block, Column, EmailDesign, Row } from '@embed/design-document';
import { border, columnPercents, declarations, DEFAULT_FONT, HEADING_SIZES, px } from '../css';
import { attributes, escapeHtml } from '../html';
import { inlinesHtml, richTextHtml, type RichTextContext } from '../rich-text';
import { sanitizeRawHtml } from '../sanitize';
import { socialLabel } from '../social';
import { blockPlace, type Warnings } from '../warnings';

// The email is written as MJML and rendered by mrml: MJML's table layout, Outlook
// conditional comments, bulletproof buttons and columns that stack on phones come from
// there. Every style an email client needs is set inline on the elements we write.

const tag = (name: string, attrs: Record<string, string | number | undefined>, content?: string) =>
  content === undefined ? `<${name}${attributes(attrs)} />` : `<${name}${attributes(attrs)}>${content}</${name}>`;

const BREAKPOINT = 480;

interface EmailContext {
  warnings: Warnings;
  rich: RichTextContext;
  linkColor: string;
}

function blockMjml(block: Block, place: string, context: EmailContext): string {
  switch (block.type) {
    case 'text': {
      const style = block.style ?? {};
      const rich = style.linkColor ? { ...context.rich, linkStyle: `color:${style.linkColor}` } : context.rich;
      const inner = richTextHtml(block.content, rich);
      const boxed = style.border || style.borderRadius
        ? `<div style="${declarations({ border: border(style.border), 'border-radius': px(style.borderRadius), padding: style.border ? '12px' : undefined })}">${inner}</div>`
        : inner;
      return tag('mj-text', {
        padding: style.padding, align: style.textAlign, color: style.color, 'font-size': px(style.fontSize),
        'font-family': style.fontFamily, 'font-weight': style.fontWeight, 'line-height': style.lineHeight,
        'container-background-color': style.backgroundColor,
      }, boxed);
    }
    case 'heading': {
      const style = block.style ?? {};
      const css = declarations({
        margin: '0', 'font-size': px(style.fontSize ?? HEADING_SIZES[block.level]), 'font-weight': style.fontWeight ?? 700,
        'line-height': style.lineHeight ?? 1.25, color: style.color, 'font-family': style.fontFamily,
      });
      return tag('mj-text', { padding: style.padding, align: style.textAlign, 'container-background-color': style.backgroundColor },
        `<h${block.level} style="${css}">${inlinesHtml(block.content, context.rich)}</h${block.level}>`);
    }
    case 'image':
    case 'video': {
      const style = block.style ?? {};
      const isVideo = block.type === 'video';
      return tag('mj-image', {
        src: isVideo ? block.thumbnail : block.src, alt: block.alt ?? '', href: (isVideo ? block.url : block.href) || undefined,
        width: px(block.width), align: style.align, padding: style.padding ?? '0px', border: border(style.border),
        'border-radius': px(style.borderRadius), 'container-background-color': style.backgroundColor,
      });
    }
    case 'button': {
      const style = block.style ?? {};
      return tag('mj-button', {
        href: block.href || undefined, 'background-color': style.buttonColor ?? '#1f2937', color: style.color ?? '#ffffff',
        'inner-padding': style.innerPadding ?? '12px 24px', padding: style.padding, align: style.align ?? 'center',
        border: border(style.border), 'border-radius': px(style.borderRadius ?? 4), width: style.fullWidth ? '100%' : undefined,
        'font-family': style.fontFamily, 'font-size': px(style.fontSize), 'font-weight': style.fontWeight ?? 600,
      }, escapeHtml(block.text));
    }
    case 'divider': {
      const style = block.style ?? {};
      return tag('mj-divider', {
        'border-color': style.color ?? '#dddddd', 'border-width': px(style.thickness ?? 1), 'border-style': style.lineStyle,
        width: style.width === undefined ? undefined : `${style.width}%`, align: style.align, padding: style.padding ?? '12px 0px',
      });
    }
    case 'spacer':
      return tag('mj-spacer', { height: px(block.height) });
    case 'social': {
      const style = block.style ?? {};
      const elements = block.links.map((link) => {
        const label = socialLabel(link);
        return tag('mj-social-element', { name: `${link.network}-noshare`, href: link.href, alt: label }, style.showLabels ? escapeHtml(label) : '');
      });
      return tag('mj-social', {
        mode: 'horizontal', align: style.align, padding: style.padding, 'icon-size': px(style.iconSize ?? 24),
        color: style.color, 'font-family': style.fontFamily, 'font-size': px(style.fontSize),
      }, elements.join(''));
    }
    case 'menu': {
      const style = block.style ?? {};
      const linkCss = declarations({ color: style.color ?? context.linkColor, 'text-decoration': 'none' });
      const separator = ` ${escapeHtml(style.separator ?? '|')} `;
      const items = block.items.map((item) =>
        item.href ? `<a${attributes({ href: item.href, target: '_blank', style: linkCss })}>${escapeHtml(item.text)}</a>` : escapeHtml(item.text));
      return tag('mj-text', {
        align: style.align, padding: style.padding, color: style.color, 'font-family': style.fontFamily,
        'font-size': px(style.fontSize), 'font-weight': style.fontWeight,
      }, items.join(separator));
    }
    case 'html':
      return tag('mj-text', { padding: block.style?.padding, 'container-background-color': block.style?.backgroundColor },
        sanitizeRawHtml(block.html, place, context.warnings));
    case 'form':
      return ''; // refused by validation: emails carry no forms
  }
}

function columnMjml(column: Column, width: number, r: number, c: number, context: EmailContext): string {
  const style = column.style ?? {};
  const blocks = column.blocks.map((block, b) => blockMjml(block, blockPlace(r, c, b), context)).join('');
  return tag('mj-column', {
    width: `${width}%`, 'background-color': style.backgroundColor, padding: style.padding, border: border(style.border),
    'border-radius': px(style.borderRadius), 'vertical-align': style.verticalAlign,
  }, blocks);
}

function rowMjml(row: Row, r: number, document: EmailDesign, context: EmailContext): string {
  const style = row.style ?? {};
  const widths = columnPercents(row.columns.map((column) => column.ratio));
  let columns = row.columns.map((column, c) => columnMjml(column, widths[c], r, c, context)).join('');
  if (row.stackOnMobile === false) columns = tag('mj-group', {}, columns);
  const image = style.backgroundImage;
  return tag('mj-section', {
    'background-color': style.backgroundColor ?? style.contentBackgroundColor ?? document.body.style?.contentBackgroundColor,
    'background-url': image?.url, 'background-size': image?.size, 'background-position': image && `${image.position ?? 'center'} center`,
    'background-repeat': image && (image.repeat ? 'repeat' : 'no-repeat'), padding: style.padding, border: border(style.border),
    'border-radius': px(style.borderRadius), 'full-width': style.fullWidth ? 'full-width' : undefined,
    'css-class': row.hideOn && `ed-hide-${row.hideOn}`,
  }, columns);
}

/** The email as MJML markup, merge tags as written. */
export function emailMjml(document: EmailDesign, warnings: Warnings): string {
  const body = document.body.style ?? {};
  const linkColor = body.linkColor ?? '#1a56db';
  const context: EmailContext = {
    warnings,
    linkColor,
    rich: { linkStyle: `color:${linkColor}`, linkTarget: '_blank', paragraphStyle: 'margin:0 0 12px 0' },
  };
  const fonts = (document.body.fonts ?? []).map((font) => tag('mj-font', { name: font.family, href: font.url }));
  const head = [
    tag('mj-title', {}, escapeHtml(document.settings.subject)),
    tag('mj-preview', {}, escapeHtml(document.settings.preheader ?? '')),
    ...fonts,
    tag('mj-breakpoint', { width: px(BREAKPOINT) }),
    tag('mj-attributes', {}, [
      tag('mj-all', { 'font-family': body.fontFamily ?? DEFAULT_FONT }),
      tag('mj-text', { 'font-size': px(body.fontSize ?? 16), color: body.color ?? '#1f2937', 'line-height': body.lineHeight ?? 1.5, padding: '8px 24px' }),
      tag('mj-section', { padding: '0px' }),
      tag('mj-social', { padding: '8px 24px' }),
      tag('mj-button', { padding: '8px 24px', 'font-size': px(body.fontSize ?? 16) }),
    ].join('')),
    // Only what cannot be inline: the last paragraph's margin and rows hidden per screen size.
    tag('mj-style', {}, [
      'p:last-child,ul:last-child,ol:last-child{margin-bottom:0 !important}',
      `@media only screen and (max-width:${BREAKPOINT - 1}px){.ed-hide-mobile{display:none !important;max-height:0;overflow:hidden}}`,
      `@media only screen and (min-width:${BREAKPOINT}px){.ed-hide-desktop{display:none !important;max-height:0;overflow:hidden}}`,
    ].join('')),
  ].join('');
  const rows = document.body.rows.map((row, r) => rowMjml(row, r, document, context)).join('');
  const bodyAttributes = { 'background-color': body.backgroundColor, width: px(body.contentWidth ?? 600) };
  return `<mjml${attributes({ lang: document.language ?? 'en' })}><mj-head>${head}</mj-head>${tag('mj-body', bodyAttributes, rows)}</mjml>`;
}
