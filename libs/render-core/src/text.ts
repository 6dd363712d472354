import { compile } from 'html-to-text';
import type { Block, DesignDocument, PageBand } from '@embed/design-document';
import { attributes, escapeHtml } from './html';
import { inlinesHtml, richTextHtml } from './rich-text';
import { sanitizeRawHtml } from './sanitize';
import { socialLabel } from './social';
import type { TextOptions } from './types';
import { Warnings } from './warnings';

/**
 * Defaults a mail sender expects of a plain-text part: every link's address after its
 * text (the reader cannot click words), no image placeholders (alt texts of product shots
 * and logos read as noise), and no preheader (it is a preview line, not content).
 */
export const DEFAULT_TEXT_OPTIONS: Required<TextOptions> = { links: true, images: false, preheader: false };

const link = (href: string | undefined, words: string) => (href ? `<a${attributes({ href })}>${words}</a>` : words);

function blockSource(block: Block): string {
  switch (block.type) {
    case 'text':
      return richTextHtml(block.content, {});
    case 'heading':
      return `<h${block.level}>${inlinesHtml(block.content, {})}</h${block.level}>`;
    case 'image': {
      const image = `<img${attributes({ alt: block.alt ?? '' })}>`;
      return `<p class="ed-image">${block.href ? `<a${attributes({ href: block.href })}>${image}</a>` : image}</p>`;
    }
    case 'video':
      return `<p>${link(block.url, escapeHtml(block.alt?.trim() || 'Watch the video'))}</p>`;
    case 'button':
      return `<p>${link(block.href, escapeHtml(block.text))}</p>`;
    case 'divider':
      return '<hr>';
    case 'social':
      return `<p>${block.links.map((item) => link(item.href, escapeHtml(socialLabel(item)))).join('<br>')}</p>`;
    case 'menu':
      return `<p>${block.items.map((item) => link(item.href, escapeHtml(item.text))).join(' | ')}</p>`;
    case 'html':
      // Its warnings were given when the HTML itself was laid out.
      return `<div>${sanitizeRawHtml(block.html, '', new Warnings())}</div>`;
    case 'spacer':
    case 'form':
      return '';
  }
}

/** The content as simple semantic HTML, the source of the plain-text version. */
export function textSource(document: DesignDocument, preheader: string): string {
  const rows = document.body.rows.map((row) => row.columns.map((column) => `<div>${column.blocks.map(blockSource).join('')}</div>`).join(''));
  const bands: { header?: PageBand; footer?: PageBand } = document.mode === 'document' ? document.settings : {};
  const band = (name: 'header' | 'footer') => (bands[name]?.blocks ?? []).map(blockSource).join('');
  return [
    preheader ? `<p class="ed-preheader">${escapeHtml(preheader)}</p>` : '',
    band('header'),
    ...rows.map((row) => `<div>${row}</div>`),
    band('footer'),
  ].join('');
}

const converters = new Map<string, (html: string) => string>();

const withDefaults = (options: TextOptions | undefined): Required<TextOptions> => ({ ...DEFAULT_TEXT_OPTIONS, ...options });
const keyOf = (options: Required<TextOptions>) => `${options.links}${options.images}${options.preheader}`;

/** One key for each set of text options that writes a different text. */
export const textOptionsKey = (options: TextOptions | undefined) => keyOf(withDefaults(options));

function converter(options: Required<TextOptions>): (html: string) => string {
  const key = keyOf(options);
  let convert = converters.get(key);
  if (!convert) {
    convert = compile({
      wordwrap: false,
      formatters: {
        altText: (element, _walk, builder) => {
          const alt = String(element.attribs?.alt ?? '').trim();
          if (alt) builder.addInline(`[${alt}]`);
        },
      },
      selectors: [
        { selector: 'a', options: { ignoreHref: !options.links, hideLinkHrefIfSameAsText: true, noAnchorUrl: true, linkBrackets: ['[', ']'] } },
        { selector: 'img', format: options.images ? 'altText' : 'skip' },
        { selector: 'p.ed-image', format: options.images ? 'paragraph' : 'skip' },
        { selector: 'p.ed-preheader', format: options.preheader ? 'paragraph' : 'skip' },
        ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
        { selector: 'hr', options: { length: 40 } },
      ],
    });
    converters.set(key, convert);
  }
  return convert;
}

/** The plain-text version of a text source (merged or not). */
export function plainText(source: string, options: TextOptions | undefined): string {
  return converter(withDefaults(options))(source).trim();
}
