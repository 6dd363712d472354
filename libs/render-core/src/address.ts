import { isLinkScheme, schemeOf } from '@embed/design-document/model';

// Whether an attribute's value, read as a browser reads it, can only lead somewhere harmless.
// The value comes decoded by the HTML parser (entities included). A browser's URL parser
// (WHATWG) then strips leading and trailing C0 controls and spaces, removes tabs and newlines
// anywhere, and takes as scheme the letters, digits, +, - and . before the first colon, in any
// case. It never percent-decodes a scheme (java%73cript: is a relative path), so escapes
// cannot hide one. No scheme is a relative address: it stays on the page's own http(s) origin.

const TAB_OR_NEWLINE = /[\t\n\r]/g;
// What the design document allows for an image's source (docs/design-document.md).
const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp)[;,]/i;

/** An image source may also be an inline image; anything else is a link. */
export type AddressUse = 'link' | 'image';

/** The address as the URL parser sees it: C0 controls and spaces (U+0000 to U+0020) off both ends, tabs and newlines out. */
function browserForm(address: string): string {
  let start = 0;
  let end = address.length;
  while (start < end && address.charCodeAt(start) <= 0x20) start++;
  while (end > start && address.charCodeAt(end - 1) <= 0x20) end--;
  return address.slice(start, end).replace(TAB_OR_NEWLINE, '');
}

export function isSafeAddress(address: string, use: AddressUse): boolean {
  const url = browserForm(address);
  const scheme = schemeOf(url);
  if (scheme === undefined || isLinkScheme(scheme)) return true;
  return use === 'image' && INLINE_IMAGE.test(url);
}

// Every attribute of HTML, SVG or VML (Outlook) that a browser or mail client follows as an
// address, whether or not this renderer writes it today: a sanitizer or a renderer that
// starts writing one is covered without a change here.
const ADDRESS = new Set([
  'href', 'src', 'action', 'formaction', 'poster', 'background', 'cite', 'longdesc', 'usemap', 'data', 'codebase',
  'classid', 'manifest', 'profile', 'icon', 'lowsrc', 'dynsrc', 'xlink:href',
]);
const ADDRESS_LIST = new Set(['srcset', 'imagesrcset', 'ping', 'archive']);
// The addresses of a style's url() functions. Each part stops where the next one starts, so
// a value is read in linear time (the pattern this replaces could read the same spaces in
// several ways and took minutes on `url(` and 10,000 spaces): spaces after `url(` are read
// only by the first \s*, a quoted address ends at its quote, an unquoted one at the first
// parenthesis (a `(` in it makes CSS read a bad url; what comes before it is judged) or at
// the end of the value, where CSS closes an unclosed url().
const CSS_URL = /url\(\s*(?:"([^"]*)"\s*\)|'([^']*)'\s*\)|([^()\s][^()]*)?(?:[()]|$))/gi;

export const isAddressAttribute = (name: string) => ADDRESS.has(name) || ADDRESS_LIST.has(name) || name === 'style';

/** The names of the attributes that hold addresses themselves (a style holds them in url()). */
export const ADDRESS_ATTRIBUTES: readonly string[] = [...ADDRESS, ...ADDRESS_LIST];

/** Whether an attribute's (decoded) value is safe as the addresses it holds; true for attributes that hold none. */
export function isSafeAttribute(element: string, name: string, value: string): boolean {
  const use: AddressUse = element === 'img' ? 'image' : 'link';
  if (ADDRESS.has(name)) return isSafeAddress(value, name === 'src' ? use : 'link');
  // Candidates are split at commas and spaces: an address with a comma is judged in parts, which only errs towards safe.
  if (ADDRESS_LIST.has(name)) return value.split(/[\s,]+/).every((part) => isSafeAddress(part, name === 'srcset' ? use : 'link'));
  if (name === 'style') return [...value.matchAll(CSS_URL)].every((match) => isSafeAddress(match[1] ?? match[2] ?? match[3] ?? '', 'link'));
  return true;
}

/** The warning for an address left out; `address` is as written, merge tags and all. */
export function unsafeAddressWarning(address: string, merged: boolean): string {
  const shown = address.length > 120 ? `${address.slice(0, 117)}...` : address;
  return `The address ${shown} is not an http(s), mailto or tel address${merged ? ' once its merge tags are filled in' : ''}, so it was left out of the link or image it was for.`;
}
