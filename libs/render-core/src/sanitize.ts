import sanitizeHtml from 'sanitize-html';
import type { Warnings } from './warnings';
import { balancedBidi } from './characters';

const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'center', 'code', 'div', 'em', 'figcaption', 'figure',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 's', 'small', 'span',
  'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
];

// Inline styles are what raw email HTML is made of; url() and expression() are not let through.
const SAFE_STYLE_VALUE = [/^(?!.*(?:url|expression|image-set)\s*\().*$/i];
const STYLE_PROPERTIES = [
  'color', 'background-color', 'font-family', 'font-size', 'font-style', 'font-weight', 'line-height', 'letter-spacing',
  'text-align', 'text-decoration', 'text-transform', 'vertical-align', 'white-space', 'display', 'width', 'max-width',
  'height', 'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left', 'margin', 'margin-top',
  'margin-right', 'margin-bottom', 'margin-left', 'border', 'border-top', 'border-right', 'border-bottom', 'border-left',
  'border-radius', 'border-collapse',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['style', 'align', 'title', 'dir', 'lang'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'role', 'bgcolor'],
    td: ['width', 'valign', 'colspan', 'rowspan', 'bgcolor'],
    th: ['width', 'valign', 'colspan', 'rowspan', 'bgcolor'],
  },
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, SAFE_STYLE_VALUE])) },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

const NAMED_DANGERS: [RegExp, string][] = [
  [/\son[a-z]+\s*=/i, 'event handler attributes (on...)'],
  [/(?:href|src|action)\s*=\s*["']?\s*(?:javascript|vbscript|data:text)/i, 'unsafe URLs (javascript:, vbscript:, data:text)'],
  [/url\s*\(|expression\s*\(/i, 'CSS url() and expression() in styles'],
];

/**
 * Raw HTML of an html block, reduced to safe markup; what was taken out is named in a
 * warning. Also what @embed/design-import keeps of html it cannot map to blocks.
 */
export function sanitizeRawHtml(html: string, place: string, warnings: Pick<Warnings, 'add'>): string {
  const dropped = new Set<string>();
  for (const [, tag] of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g))
    if (!ALLOWED_TAGS.includes(tag.toLowerCase())) dropped.add(`<${tag.toLowerCase()}>`);
  const removed = [...dropped];
  for (const [pattern, words] of NAMED_DANGERS) if (pattern.test(html)) removed.push(words);
  if (removed.length) warnings.add(`Raw HTML in ${place}: taken out ${removed.join(', ')}.`);
  // Balanced again once sanitized: markup taken out may have held a direction control's closer (characters.ts).
  return balancedBidi(sanitizeHtml(html, OPTIONS));
}
