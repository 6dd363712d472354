import type { Inline, List, Paragraph } from '@embed/design-document';
import { declarations } from './css';
import { attributes, type AttributesWriter, escapeHtml } from './html';

export interface RichTextContext {
  /** Inline style of links (email clients ignore most head styles); none on the web. */
  linkStyle?: string;
  /** Email links open in a new tab, as mail clients expect. */
  linkTarget?: string;
  /** Inline style of paragraphs and lists, for the same reason. */
  paragraphStyle?: string;
  /** How attributes are written (an email's MJML writes them in ASCII); escaped HTML by default. */
  attributes?: AttributesWriter;
}

const escapeText = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');

export function inlineHtml(inline: Inline, context: RichTextContext): string {
  let html = escapeText(inline.text);
  if (inline.bold) html = `<strong>${html}</strong>`;
  if (inline.italic) html = `<em>${html}</em>`;
  if (inline.underline) html = `<u>${html}</u>`;
  if (inline.strike) html = `<s>${html}</s>`;
  if (inline.color) html = `<span style="color:${inline.color}">${html}</span>`;
  if (inline.href) {
    const style = declarations({ color: inline.color }) || undefined;
    html = `<a${(context.attributes ?? attributes)({ href: inline.href, target: context.linkTarget, style: style ?? context.linkStyle })}>${html}</a>`;
  }
  return html;
}

export const inlinesHtml = (inlines: Inline[], context: RichTextContext) => inlines.map((inline) => inlineHtml(inline, context)).join('');

export function richTextHtml(content: (Paragraph | List)[], context: RichTextContext): string {
  const style = (context.attributes ?? attributes)({ style: context.paragraphStyle });
  return content
    .map((part) => {
      if (part.type === 'paragraph') return `<p${style}>${inlinesHtml(part.content, context) || '&nbsp;'}</p>`;
      const tag = part.ordered ? 'ol' : 'ul';
      return `<${tag}${style}>${part.items.map((item) => `<li>${inlinesHtml(item, context)}</li>`).join('')}</${tag}>`;
    })
    .join('');
}
