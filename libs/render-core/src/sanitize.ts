import { LINK_SCHEMES } from '@embed/design-document/model';
import sanitizeHtml from 'sanitize-html';
import { ADDRESS_ATTRIBUTES, isSafeAttribute } from './address';
import { balancedBidi } from './characters';
import { MAX_MARKUP_DEPTH, markupDepth, tagsTakenOut } from './markup-depth';

export { MAX_MARKUP_DEPTH, markupDepth, tagsTakenOut };

const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'center', 'code', 'div', 'em', 'figcaption', 'figure',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 's', 'small', 'span',
  'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
];

// Inline styles are what raw email HTML is made of; url(), image-set() and expression() are
// not let through. Both patterns read each function name once, then spaces: linear.
const CSS_FUNCTION = /(?:url|expression|image-set)\s*\(/i;
// A value without them; `.` stops at a line break, so a value of several lines is refused too.
const SAFE_STYLE_VALUE = /^(?!.*(?:url|expression|image-set)\s*\().*$/i;
const STYLE_PROPERTIES = [
  'color', 'background-color', 'font-family', 'font-size', 'font-style', 'font-weight', 'line-height', 'letter-spacing',
  'text-align', 'text-decoration', 'text-transform', 'vertical-align', 'white-space', 'display', 'width', 'max-width',
  'height', 'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left', 'margin', 'margin-top',
  'margin-right', 'margin-bottom', 'margin-left', 'border', 'border-top', 'border-right', 'border-bottom', 'border-left',
  'border-radius', 'border-collapse',
];

const OPTIONS = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['style', 'align', 'title', 'dir', 'lang'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'role', 'bgcolor'],
    td: ['width', 'valign', 'colspan', 'rowspan', 'bgcolor'],
    th: ['width', 'valign', 'colspan', 'rowspan', 'bgcolor'],
  },
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, [SAFE_STYLE_VALUE]])) },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
} satisfies sanitizeHtml.IOptions;

/** What harm an attribute taken out could have done, each with its words in the warning. */
export const SANITIZER_DANGERS = {
  event_handlers: 'event handler attributes (on...)',
  unsafe_urls: 'unsafe URLs (javascript:, vbscript:, data:text)',
  css_functions: 'CSS url() and expression() in styles',
} as const;
export type SanitizerDanger = keyof typeof SANITIZER_DANGERS;
const DANGERS = Object.keys(SANITIZER_DANGERS) as SanitizerDanger[];

/** What the sanitizer did, as data: the import names each in its own warning (libs/design-import). */
export type SanitizerFinding = { kind: 'too_deep'; max: number } | { kind: 'taken_out'; elements: string[]; dangers: SanitizerDanger[] };
/** Where its warnings go: the words (a render's warnings), and the same as data for who wants it. */
export interface SanitizerWarnings {
  add(message: string, finding: SanitizerFinding): void;
}

const ADDRESSES = new Set(ADDRESS_ATTRIBUTES);

/** The harm of an attribute sanitize-html took out; undefined for one that did no harm (a name it does not allow). */
function dangerOf(element: string, name: string, value: string): SanitizerDanger | undefined {
  if (name.startsWith('on')) return 'event_handlers';
  if (ADDRESSES.has(name) && !isSafeAttribute(element, name, value)) return 'unsafe_urls';
  return undefined;
}

/**
 * Raw HTML of an html block, reduced to safe markup; what was taken out is named in a
 * warning. What was taken out is what sanitize-html decided, seen through its own hooks
 * rather than by a second reading of the raw text: onOpenTag sees each element with its
 * attributes as the parser decoded them, and sanitize-html deletes from those same
 * attributes each one it refuses; an element it refuses goes with all its attributes.
 * Also what @embed/design-import keeps of html it cannot map to blocks, with `judgeAddresses`:
 * sanitize-html judges an address by its scheme alone (an image's `data:` is any data,
 * `data:text/html` too), which a render judges whole when it compiles the template; an
 * import keeps no such address in the document at all.
 */
export function sanitizeRawHtml(written: string, place: string, warnings: SanitizerWarnings, { judgeAddresses = false } = {}): string {
  const tooDeep = markupDepth(written) > MAX_MARKUP_DEPTH;
  if (tooDeep) warnings.add(`Raw HTML in ${place}: nested deeper than ${MAX_MARKUP_DEPTH} levels, kept as its text.`, { kind: 'too_deep', max: MAX_MARKUP_DEPTH });
  const html = tooDeep ? tagsTakenOut(written) : written;
  const opened: { element: string; written: Record<string, string>; kept: Record<string, string> }[] = [];
  const clean = sanitizeHtml(html, {
    ...OPTIONS,
    onOpenTag: (element, attributes) => {
      opened.push({ element, written: { ...attributes }, kept: attributes });
      // Taken out before sanitize-html reads the attributes, so that it never keeps them.
      if (judgeAddresses) for (const [name, value] of Object.entries(attributes)) if (ADDRESSES.has(name) && !isSafeAttribute(element, name, value)) delete attributes[name];
    },
  });
  const tags = new Set<string>();
  const dangers = new Set<SanitizerDanger>();
  for (const { element, written, kept } of opened) {
    const allowed = ALLOWED_TAGS.includes(element);
    if (!allowed) tags.add(`<${element}>`);
    for (const [name, value] of Object.entries(written)) {
      // A style keeps the declarations it may; every one holding a CSS function is refused.
      if (name === 'style' && CSS_FUNCTION.test(value)) dangers.add('css_functions');
      if (allowed && Object.hasOwn(kept, name)) continue;
      const danger = dangerOf(element, name, value);
      if (danger) dangers.add(danger);
    }
  }
  const found = DANGERS.filter((danger) => dangers.has(danger));
  const removed = [...tags, ...found.map((danger) => SANITIZER_DANGERS[danger])];
  if (removed.length) warnings.add(`Raw HTML in ${place}: taken out ${removed.join(', ')}.`, { kind: 'taken_out', elements: [...tags], dangers: found });
  // Balanced again once sanitized: markup taken out may have held a direction control's closer (characters.ts).
  return balancedBidi(clean);
}
