import { type Block, type Column, type EmailDesign, type Row, type TextStyle, textDirection } from '@embed/design-document';
import { border, columnPercents, declarations, px } from '../css';
import { DEFAULT_FONT, RENDER_DEFAULTS as D } from '../defaults';
import { emailFontsHtml, fontUrls } from '../fonts';
import { escapeHtml } from '../html';
import { inlinesHtml, richTextHtml, type RichTextContext } from '../rich-text';
import { sanitizeRawHtml } from '../sanitize';
import { IMAGE_PLACEHOLDER_FILE, PLACEHOLDER_IMAGE, socialIconFile } from '../assets';
import { socialLabel } from '../social';
import { blockPlace, type Warnings } from '../warnings';
import { deviceClasses, PhoneRules } from '../phone';
import { asciiAttributes as attributes, asciiAttributeValues, asciiReferences } from './attribute-values';
import { outsideOutlook } from './outlook';
import { blockClasses, rowPhoneClass } from './phone';

// The email is written as MJML and rendered by mrml: MJML's table layout, Outlook
// conditional comments, bulletproof buttons and columns that stack on phones come from
// there. Every style an email client needs is set inline on the elements we write. Every
// attribute is written in printable ASCII (attribute-values.ts); the styles written inline
// below hold only values the schema keeps to printable ASCII (colours, paddings, font stacks).

const tag = (name: string, attrs: Record<string, string | number | undefined>, content?: string) =>
  content === undefined ? `<${name}${attributes(attrs)} />` : `<${name}${attributes(attrs)}>${content}</${name}>`;

const BREAKPOINT = 480;
/** The class of the body's box when the email keeps its width on phones (body.style.fixedWidth). */
const FIXED_WIDTH_CLASS = 'ed-fixed-width';

interface EmailContext {
  warnings: Warnings;
  /** Where the images the renderer adds are served (assets.ts). */
  assets: string;
  rich: RichTextContext;
  linkColor: string;
  phone: PhoneRules;
}

/** Links in a text or heading block take the block's link colour, else the body's. */
const richContext = (style: TextStyle, context: EmailContext): RichTextContext =>
  style.linkColor ? { ...context.rich, linkStyle: `color:${style.linkColor}` } : context.rich;

function blockMjml(block: Block, place: string, context: EmailContext, cssClass: string | undefined): string {
  switch (block.type) {
    case 'text': {
      const style = block.style ?? {};
      const inner = richTextHtml(block.content, richContext(style, context));
      const boxed = style.border || style.borderRadius
        ? `<div style="${declarations({ border: border(style.border), 'border-radius': px(style.borderRadius), padding: style.border ? '12px' : undefined })}">${inner}</div>`
        : inner;
      return tag('mj-text', {
        padding: style.padding, align: style.textAlign, color: style.color, 'font-size': px(style.fontSize),
        'font-family': style.fontFamily, 'font-weight': style.fontWeight, 'line-height': style.lineHeight,
        'container-background-color': style.backgroundColor, 'css-class': cssClass,
      }, boxed);
    }
    case 'heading': {
      const style = block.style ?? {};
      const css = declarations({
        margin: '0', 'font-size': px(style.fontSize ?? D.heading.sizes[block.level]), 'font-weight': style.fontWeight ?? D.heading.fontWeight,
        'line-height': style.lineHeight ?? D.heading.lineHeight, color: style.color, 'font-family': style.fontFamily,
      });
      return tag('mj-text', { padding: style.padding, align: style.textAlign, 'container-background-color': style.backgroundColor, 'css-class': cssClass },
        `<h${block.level} style="${css}">${inlinesHtml(block.content, richContext(style, context))}</h${block.level}>`);
    }
    case 'image':
    case 'video': {
      const style = block.style ?? {};
      const isVideo = block.type === 'video';
      const src = isVideo ? block.thumbnail : block.src;
      return tag('mj-image', {
        src: src === PLACEHOLDER_IMAGE ? context.assets + IMAGE_PLACEHOLDER_FILE : src, alt: block.alt ?? '', href: (isVideo ? block.url : block.href) || undefined,
        width: px(block.width), align: style.align, padding: style.padding ?? '0px', border: border(style.border),
        'border-radius': px(style.borderRadius), 'container-background-color': style.backgroundColor, 'css-class': cssClass,
      });
    }
    case 'button': {
      const style = block.style ?? {};
      return tag('mj-button', {
        href: block.href || undefined, 'background-color': style.buttonColor ?? D.button.buttonColor, color: style.color ?? D.button.color,
        'inner-padding': style.innerPadding ?? D.button.innerPadding, padding: style.padding, align: style.align ?? 'center',
        border: border(style.border), 'border-radius': px(style.borderRadius ?? D.button.borderRadius), width: style.fullWidth ? '100%' : undefined,
        'font-family': style.fontFamily, 'font-size': px(style.fontSize), 'font-weight': style.fontWeight ?? D.button.fontWeight, 'css-class': cssClass,
      }, escapeHtml(block.text));
    }
    case 'divider': {
      const style = block.style ?? {};
      return tag('mj-divider', {
        'border-color': style.color ?? D.divider.color, 'border-width': px(style.thickness ?? D.divider.thickness), 'border-style': style.lineStyle,
        width: style.width === undefined ? undefined : `${style.width}%`, align: style.align, padding: style.padding ?? D.divider.emailPadding, 'css-class': cssClass,
      });
    }
    case 'spacer':
      return tag('mj-spacer', { height: px(block.height), 'css-class': cssClass });
    case 'social': {
      const style = block.style ?? {};
      const elements = block.links.map((link) => {
        const label = socialLabel(link);
        // Our own icon (a circle of the network's colour), never mrml's default: another site's image.
        return tag('mj-social-element', { name: `${link.network}-noshare`, href: link.href, alt: label, src: context.assets + socialIconFile(link.network), 'background-color': 'transparent' }, style.showLabels ? escapeHtml(label) : '');
      });
      return tag('mj-social', {
        mode: 'horizontal', align: style.align, padding: style.padding, 'icon-size': px(style.iconSize ?? 24),
        color: style.color, 'font-family': style.fontFamily, 'font-size': px(style.fontSize), 'css-class': cssClass,
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
        'font-size': px(style.fontSize), 'font-weight': style.fontWeight, 'css-class': cssClass,
      }, items.join(separator));
    }
    case 'html':
      return tag('mj-text', { padding: block.style?.padding, 'container-background-color': block.style?.backgroundColor, 'css-class': cssClass },
        asciiAttributeValues(sanitizeRawHtml(block.html, place, context.warnings)));
    case 'form':
      return ''; // refused by validation: emails carry no forms
  }
}

/** `inHiddenRow`: the row is hidden on desktops, and so from Outlook for Windows already as a whole. */
function columnMjml(column: Column, width: number, r: number, c: number, context: EmailContext, inHiddenRow: boolean): string {
  const style = column.style ?? {};
  const blocks = column.blocks.map((block, b) => {
    const mjml = blockMjml(block, blockPlace(r, c, b), context, blockClasses(block, context.phone));
    return block.hideOn === 'desktop' && !inHiddenRow ? outsideOutlook(mjml) : mjml;
  }).join('');
  return tag('mj-column', {
    width: `${width}%`, 'background-color': style.backgroundColor, padding: style.padding, border: border(style.border),
    'border-radius': px(style.borderRadius), 'vertical-align': style.verticalAlign,
  }, blocks);
}

function rowMjml(row: Row, r: number, document: EmailDesign, context: EmailContext): string {
  const style = row.style ?? {};
  const widths = columnPercents(row.columns.map((column) => column.ratio));
  const hidden = row.hideOn === 'desktop';
  let columns = row.columns.map((column, c) => columnMjml(column, widths[c], r, c, context, hidden)).join('');
  if (row.stackOnMobile === false) columns = tag('mj-group', {}, columns);
  const image = style.backgroundImage;
  const section = tag('mj-section', {
    'background-color': style.backgroundColor ?? style.contentBackgroundColor ?? document.body.style?.contentBackgroundColor,
    'background-url': image?.url, 'background-size': image?.size, 'background-position': image && `${image.position ?? 'center'} center`,
    'background-repeat': image && (image.repeat ? 'repeat' : 'no-repeat'), padding: style.padding, border: border(style.border),
    'border-radius': px(style.borderRadius), 'full-width': style.fullWidth ? 'full-width' : undefined,
    'css-class': deviceClasses(row.hideOn, rowPhoneClass(row, context.phone)),
  }, columns);
  return hidden ? outsideOutlook(section) : section;
}

/** The email as MJML markup, merge tags as written. */
export function emailMjml(document: EmailDesign, warnings: Warnings, assets: string): string {
  const body = document.body.style ?? {};
  const contentWidth = body.contentWidth ?? D.contentWidth.email;
  const linkColor = body.linkColor ?? D.linkColor;
  const context: EmailContext = {
    warnings,
    assets,
    linkColor,
    rich: { linkStyle: `color:${linkColor}`, linkTarget: '_blank', paragraphStyle: 'margin:0 0 12px 0', attributes },
    phone: new PhoneRules(),
  };
  // The rows first: their phone overrides make the head's last rules.
  const rows = document.body.rows.map((row, r) => rowMjml(row, r, document, context)).join('');
  const fonts = fontUrls(document);
  const language = document.language ?? 'en';
  // A language written right to left: columns from the right, text from the right unless a block says otherwise.
  const rtl = textDirection(language) === 'rtl';
  const head = [
    // mrml copies the title into the body's aria-label, and writes it there as it writes every attribute (attribute-values.ts).
    tag('mj-title', {}, asciiReferences(escapeHtml(document.settings.subject))),
    tag('mj-preview', {}, escapeHtml(document.settings.preheader ?? '')),
    fonts.length > 0 ? tag('mj-raw', {}, emailFontsHtml(fonts, attributes)) : '',
    tag('mj-breakpoint', { width: px(BREAKPOINT) }),
    tag('mj-attributes', {}, [
      tag('mj-all', { 'font-family': body.fontFamily ?? DEFAULT_FONT }),
      tag('mj-text', { 'font-size': px(body.fontSize ?? D.fontSize), color: body.color ?? D.color, 'line-height': body.lineHeight ?? D.lineHeight, padding: D.emailBlockPadding, align: rtl ? 'right' : undefined }),
      tag('mj-section', { padding: '0px', direction: rtl ? 'rtl' : undefined }),
      rtl ? tag('mj-column', { direction: 'rtl' }) : '',
      tag('mj-social', { padding: '8px 24px' }),
      tag('mj-button', { padding: D.emailBlockPadding, 'font-size': px(body.fontSize ?? D.fontSize) }),
    ].join('')),
    // Only what cannot be inline: the last paragraph's margin, rows and blocks hidden per screen size, phone overrides.
    tag('mj-style', {}, [
      'p:last-child,ul:last-child,ol:last-child{margin-bottom:0 !important}',
      `@media only screen and (max-width:${BREAKPOINT - 1}px){.ed-hide-mobile{display:none !important;max-height:0;overflow:hidden}}`,
      `@media only screen and (min-width:${BREAKPOINT}px){.ed-hide-desktop{display:none !important;max-height:0;overflow:hidden}}`,
      context.phone.css(`only screen and (max-width:${BREAKPOINT - 1}px)`),
      // A fixed width: the content as wide on a phone as anywhere, past the screen's side.
      body.fixedWidth ? `.${FIXED_WIDTH_CLASS}{min-width:${contentWidth}px}` : '',
    ].join('')),
  ].join('');
  const bodyAttributes = { 'background-color': body.backgroundColor, width: px(contentWidth), 'css-class': body.fixedWidth ? FIXED_WIDTH_CLASS : undefined };
  return `<mjml${attributes({ lang: language, dir: rtl ? 'rtl' : undefined })}><mj-head>${head}</mj-head>${tag('mj-body', bodyAttributes, rows)}</mjml>`;
}
