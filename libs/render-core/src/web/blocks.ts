import type { Block, BoxStyle, ButtonStyle, FormBlock, TextStyle } from '@embed/design-document';
import { border, declarations, px } from '../css';
import { HEADING_SIZES, RENDER_DEFAULTS as D } from '../defaults';
import { attributes, escapeHtml } from '../html';
import { inlinesHtml, richTextHtml } from '../rich-text';
import { sanitizeRawHtml } from '../sanitize';
import { IMAGE_PLACEHOLDER_FILE, PLACEHOLDER_IMAGE, socialIconFile } from '../assets';
import { socialLabel } from '../social';
import type { Warnings } from '../warnings';

// Blocks as semantic HTML for page, popup and document. Layout and defaults live in the
// stylesheet (web/stylesheet.ts); an author's choices are inline styles on the element.

const styled = (css: string) => (css ? ` style="${escapeHtml(css)}"` : '');

function boxCss(style: BoxStyle | TextStyle | undefined): Record<string, string | number | undefined> {
  return {
    padding: style?.padding, 'background-color': style?.backgroundColor, border: border(style?.border),
    'border-radius': px(style?.borderRadius),
  };
}

function textCss(style: TextStyle | undefined) {
  return declarations({
    ...boxCss(style), 'text-align': style?.textAlign, color: style?.color, 'font-family': style?.fontFamily,
    'font-size': px(style?.fontSize), 'font-weight': style?.fontWeight, 'line-height': style?.lineHeight,
    '--ed-link': style?.linkColor,
  });
}

function buttonCss(style: ButtonStyle | undefined) {
  return declarations({
    'background-color': style?.buttonColor, color: style?.color, padding: style?.innerPadding, border: border(style?.border),
    'border-radius': px(style?.borderRadius), 'font-family': style?.fontFamily, 'font-size': px(style?.fontSize),
    'font-weight': style?.fontWeight, display: style?.fullWidth ? 'block' : undefined,
  });
}

const flexAlign = (align: string | undefined) => (align === 'left' ? 'flex-start' : align === 'right' ? 'flex-end' : undefined);

const alignCss = (style: { padding?: string; align?: string } | undefined) =>
  declarations({ padding: style?.padding, 'text-align': style?.align });

function figure(src: string, alt: string, href: string | undefined, width: number | undefined, style: BoxStyle | undefined, extraClass = '') {
  const image = `<img${attributes({ src, alt, width, loading: 'lazy', decoding: 'async' })}${styled(declarations({ border: border(style?.border), 'border-radius': px(style?.borderRadius) }))}>`;
  const linked = href ? `<a${attributes({ href, class: extraClass || undefined })}>${image}</a>` : image;
  const css = declarations({ ...boxCss(style), border: undefined, 'border-radius': undefined, 'text-align': style?.align });
  return `<figure class="ed-image"${styled(css)}>${linked}</figure>`;
}

function formHtml(block: FormBlock): string {
  const fields = block.fields.map((field) => {
    const id = `ed-${block.id ?? 'form'}-${field.name}`;
    const common = { id, name: field.name, required: field.required, placeholder: field.placeholder };
    const label = `<label for="${escapeHtml(id)}">${escapeHtml(field.label)}</label>`;
    switch (field.kind) {
      case 'textarea':
        return `<div class="ed-field">${label}<textarea${attributes({ ...common, rows: 4 })}></textarea></div>`;
      case 'checkbox':
        return `<div class="ed-field ed-check"><input${attributes({ ...common, type: 'checkbox', value: 'yes', placeholder: undefined })}>${label}</div>`;
      case 'select': {
        const options = (field.options ?? []).map((option) => `<option${attributes({ value: option.value })}>${escapeHtml(option.label)}</option>`);
        return `<div class="ed-field">${label}<select${attributes({ ...common, placeholder: undefined })}>${options.join('')}</select></div>`;
      }
      default:
        return `<div class="ed-field">${label}<input${attributes({ ...common, type: field.kind, autocomplete: field.kind === 'email' ? 'email' : undefined })}></div>`;
    }
  });
  const align = block.style?.fullWidth ? undefined : block.style?.align;
  return (
    `<form class="ed-form"${attributes({ method: 'post', action: block.action, 'data-form-id': block.id, 'data-success': block.successMessage })}${styled(declarations({ padding: block.style?.padding, 'text-align': align }))}>` +
    `${fields.join('')}<button type="submit" class="ed-btn"${styled(buttonCss(block.style))}>${escapeHtml(block.submitText)}</button>` +
    '<p class="ed-form-done" role="status" hidden></p></form>'
  );
}

export function blockHtml(block: Block, place: string, warnings: Warnings, assets: string): string {
  switch (block.type) {
    case 'text':
      return `<div class="ed-text"${styled(textCss(block.style))}>${richTextHtml(block.content, {})}</div>`;
    case 'heading':
      return `<h${block.level} class="ed-heading"${styled(textCss({ fontSize: HEADING_SIZES[block.level], ...block.style }))}>${inlinesHtml(block.content, {})}</h${block.level}>`;
    case 'image':
      return figure(block.src === PLACEHOLDER_IMAGE ? assets + IMAGE_PLACEHOLDER_FILE : block.src, block.alt ?? '', block.href || undefined, block.width, block.style);
    case 'video':
      return figure(block.thumbnail, block.alt ?? '', block.url, block.width, block.style, 'ed-video');
    case 'button': {
      const label = escapeHtml(block.text);
      const button = block.href ? `<a class="ed-btn"${attributes({ href: block.href })}${styled(buttonCss(block.style))}>${label}</a>` : `<span class="ed-btn"${styled(buttonCss(block.style))}>${label}</span>`;
      return `<div class="ed-button"${styled(alignCss(block.style))}>${button}</div>`;
    }
    case 'divider': {
      const style = block.style ?? {};
      const line = declarations({
        'border-top': `${style.thickness ?? D.divider.thickness}px ${style.lineStyle ?? D.divider.lineStyle} ${style.color ?? D.divider.color}`,
        width: style.width === undefined ? undefined : `${style.width}%`,
        'margin-left': style.align === 'left' ? '0' : undefined, 'margin-right': style.align === 'right' ? '0' : undefined,
      });
      return `<div class="ed-divider"${styled(declarations({ padding: style.padding }))}><hr${styled(line)}></div>`;
    }
    case 'spacer':
      return `<div class="ed-spacer" aria-hidden="true" style="height:${block.height}px"></div>`;
    case 'social': {
      const style = block.style ?? {};
      // Our own icon for each network (assets.ts), its name as its alternative text, and shown beside it when labels show.
      const size = style.iconSize ?? 24;
      const links = block.links.map((link) => {
        const label = escapeHtml(socialLabel(link));
        const icon = `<img${attributes({ src: assets + socialIconFile(link.network), width: size, height: size, alt: style.showLabels ? '' : socialLabel(link) })}>`;
        return `<li><a${attributes({ href: link.href, rel: 'noopener' })}>${icon}${style.showLabels ? `<span>${label}</span>` : ''}</a></li>`;
      });
      const css = declarations({ padding: style.padding, 'justify-content': flexAlign(style.align), color: style.color, 'font-size': px(style.fontSize), 'font-family': style.fontFamily });
      return `<ul class="ed-social"${styled(css)}>${links.join('')}</ul>`;
    }
    case 'menu': {
      const style = block.style ?? {};
      const items = block.items.map((item) => `<li>${item.href ? `<a${attributes({ href: item.href })}>${escapeHtml(item.text)}</a>` : escapeHtml(item.text)}</li>`);
      const css = declarations({ padding: style.padding, 'justify-content': flexAlign(style.align), '--ed-link': style.color, 'font-size': px(style.fontSize), 'font-family': style.fontFamily, 'font-weight': style.fontWeight });
      return `<nav class="ed-menu"${styled(css)}><ul>${items.join('')}</ul></nav>`;
    }
    case 'html':
      return `<div class="ed-html"${styled(declarations(boxCss(block.style)))}>${sanitizeRawHtml(block.html, place, warnings)}</div>`;
    case 'form':
      return formHtml(block);
  }
}
