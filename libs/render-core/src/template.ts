import { mergeTagPieces, type WrittenTag } from '@embed/design-document/model';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { ADDRESS_ATTRIBUTES, isAddressAttribute, isSafeAttribute, unsafeAddressWarning } from './address';
import { escapeHtml } from './html';
import { TAG } from './tags';
import type { Warnings } from './warnings';

// Where merge values may go is decided once per layout, by parsing the laid-out HTML as a
// browser does (parse5), not by patterns over the markup: a tag is filled only where the
// parser reads text (a text node, a title) or an attribute's value; anywhere else (a script,
// a stylesheet, an attribute or element name, an event handler's value) it is not a merge
// position and stays as written. An attribute is written again quoted, however it was written.
// A slot is a whole text node or a whole attribute: when filled it is written again from its
// decoded value with the values inside and escaped as a whole, so no value can end it, open
// an element or add an attribute. An attribute that holds addresses is judged after it is
// filled, its value complete and decoded as the browser will read it; an unsafe one is left
// out (address.ts). The layout's own addresses are judged here once, so that what the design
// or the html block's sanitizer let through is held to the same rule.

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Decoded text, or a tag as written with what is inside its braces. */
export type Piece = string | WrittenTag;

/** A text node or one attribute (name="value") of the source, holding at least one tag. */
export interface Slot {
  start: number;
  end: number;
  /** The element the text or attribute belongs to. */
  element: string;
  /** The attribute's name, lower case; none for text. */
  attribute?: string;
  pieces: Piece[];
}

/**
 * A link whose address or words hold a tag: what a plain-text converter compares (it leaves
 * out an address that reads as the link's words). Its address is decoded, tags as pieces;
 * its words are its text nodes' decoded text. `plain` when it holds only text, inline
 * formatting and images, so that its words (and images' alt texts) are all the converter reads of it.
 */
export interface TaggedLink {
  href: Piece[];
  words: Piece[];
  plain: boolean;
  images: boolean;
}

/** HTML with its merge tags as written, the slots where values go, and (when asked for) its links that hold tags. */
export interface MergeTemplate {
  source: string;
  slots: Slot[];
  links: TaggedLink[];
}

// Elements whose content the parser reads as raw text: a tag there is not text a reader sees.
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);

export const writeText = (value: string) => escapeHtml(value).replace(/\u00a0/g, '&nbsp;');
export const writeAttribute = (name: string, value: string) => `${name}="${escapeHtml(value)}"`;
/** The slot's value with its tags as written. */
export const writtenValue = (slot: Slot) => slot.pieces.map((piece) => (typeof piece === 'string' ? piece : piece.tag)).join('');

// Most text holds no braces at all: `includes` rules it out far faster than the pattern.
const hasTag = (value: string) => value.includes('{{') && value.search(TAG) !== -1;

/** A replacement of source[start, end): a slot, or nothing (an unsafe attribute left out). */
interface Edit {
  start: number;
  end: number;
  slot?: Omit<Slot, 'start' | 'end'>;
}

const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;
const CSS_URL_START = /url\(/i;

function elementEdits(element: Element, source: string, base: number, edits: Edit[], warnings: Warnings): void {
  const locations = element.sourceCodeLocation?.attrs ?? {};
  for (const attribute of element.attrs) {
    // Locations are keyed by the name as written, in lower case (xlink:href, viewbox), not as the parser adjusts it.
    const key = (attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name).toLowerCase();
    const location = locations[key];
    // An event handler's value is script: a tag there is no merge position (none is written there today).
    if (!location || key.startsWith('on')) continue;
    const raw = source.slice(location.startOffset, location.endOffset);
    // A printable ASCII name's location is its own (a name lower-cased past ASCII may find another's), and then
    // its text as written holds every character of the value: without a character reference, a tag
    // needs a brace there and an address in a style needs url(. Reading the written text spares
    // building the parser's value, which most attributes never need.
    const plain = !NOT_PRINTABLE_ASCII.test(attribute.name) && !raw.includes('&');
    const tagged = (!plain || raw.includes('{')) && hasTag(attribute.value);
    // The key is the name as written, lower case, but where the tokenizer read NUL as U+FFFD, which no
    // address attribute holds: an attribute that is neither tagged nor an address one needs no more.
    if (!tagged && (!isAddressAttribute(key) || (plain && key === 'style' && !CSS_URL_START.test(raw)))) continue;
    // The name as written (foreign attributes such as xlink:href carry their prefix there).
    const name = /^[^\s=/>]+/.exec(raw)?.[0].toLowerCase() ?? attribute.name;
    const at = { start: base + location.startOffset, end: base + location.endOffset };
    if (tagged) edits.push({ ...at, slot: { element: element.tagName, attribute: name, pieces: mergeTagPieces(attribute.value) } });
    else if (isAddressAttribute(name) && !isSafeAttribute(element.tagName, name, attribute.value)) {
      warnings.add(unsafeAddressWarning(attribute.value, false));
      edits.push(at);
    }
  }
}

// What markup must hold for its parse to find an edit: a brace or a character reference (a tag,
// written or encoded), an address attribute's name (which may be written in any case), or url(
// (an address in a style). Most Outlook comments of an email hold none and need no parse.
const EDIT_HINTS = ['url(', ...ADDRESS_ATTRIBUTES];

function mayNeedEdits(markup: string): boolean {
  if (markup.includes('{') || markup.includes('&')) return true;
  const lower = markup.toLowerCase();
  return EDIT_HINTS.some((hint) => lower.includes(hint));
}

type TextNode = DefaultTreeAdapterMap['textNode'];

/** A text node's pieces when it is a slot (its tags filled), undefined when it holds no tag to fill. */
function textPieces(node: TextNode, source: string): Piece[] | undefined {
  const location = node.sourceCodeLocation;
  if (!location) return undefined;
  // Its span as written holds every character of its value: a tag needs a brace or a character reference there.
  const written = source.slice(location.startOffset, location.endOffset);
  if (!(written.includes('{') || written.includes('&')) || !hasTag(node.value)) return undefined;
  const parent = node.parentNode && 'tagName' in node.parentNode ? node.parentNode.tagName : '';
  // A text node with markup inside its span was joined by the parser from separate runs: left as written.
  if (RAW_TEXT.has(parent) || written.includes('<')) return undefined;
  return mergeTagPieces(node.value);
}

// What a link may hold for its words to be only its text nodes' text.
const INLINE = new Set(['b', 'strong', 'i', 'em', 'u', 's', 'span', 'small', 'sub', 'sup', 'code', 'abbr', 'br', 'img']);

/** A link with an address and a tag in it or in its words; undefined for any other. */
function taggedLink(link: Element, source: string): TaggedLink | undefined {
  const href = link.attrs.find((attribute) => attribute.name === 'href' && !attribute.prefix)?.value;
  if (href === undefined || (!isSafeAttribute('a', 'href', href) && !hasTag(href))) return undefined;
  const words: Piece[] = [];
  let plain = true;
  let images = false;
  const stack: Node[] = [...link.childNodes].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.nodeName === '#text' && 'value' in node) words.push(...(textPieces(node, source) ?? [node.value]));
    else if ('tagName' in node) {
      plain &&= INLINE.has(node.tagName);
      images ||= node.tagName === 'img';
      stack.push(...[...node.childNodes].reverse());
    }
  }
  const pieces = mergeTagPieces(href);
  if (pieces.every((piece) => typeof piece === 'string') && words.every((piece) => typeof piece === 'string')) return undefined;
  return { href: pieces, words, plain, images };
}

function collect(source: string, base: number, edits: Edit[], warnings: Warnings, links?: TaggedLink[]): void {
  const stack: Node[] = [parse(source, { sourceCodeLocationInfo: true })];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if ('childNodes' in node) for (const child of node.childNodes) stack.push(child);
    if (node.nodeName === 'template' && 'content' in node) stack.push(node.content);
    const location = node.sourceCodeLocation;
    if (!location) continue;
    if ('tagName' in node) {
      elementEdits(node, source, base, edits, warnings);
      const link = links && node.tagName === 'a' ? taggedLink(node, source) : undefined;
      if (link) links?.push(link);
    } else if (node.nodeName === '#text' && 'value' in node) {
      const pieces = textPieces(node, source);
      if (!pieces) continue;
      const parent = node.parentNode && 'tagName' in node.parentNode ? node.parentNode.tagName : '';
      edits.push({ start: base + location.startOffset, end: base + location.endOffset, slot: { element: parent, pieces } });
    } else if (node.nodeName === '#comment' && 'data' in node && source.startsWith(`<!--${node.data}`, location.startOffset)) {
      // Outlook reads the markup inside conditional comments: it is held to the same rules (a text converter does not read them).
      if (node.data.includes('<') && mayNeedEdits(node.data)) collect(node.data, base + location.startOffset + 4, edits, warnings);
    }
  }
}

/**
 * Parses laid-out HTML into its merge template; unsafe addresses of the layout itself are left
 * out, with a warning. `links`: record its tagged links too (the plain text's source needs them).
 */
export function compileTemplate(html: string, warnings: Warnings, { links: withLinks = false } = {}): MergeTemplate {
  const edits: Edit[] = [];
  const links: TaggedLink[] = [];
  collect(html, 0, edits, warnings, withLinks ? links : undefined);
  edits.sort((a, b) => a.start - b.start);
  const slots: Slot[] = [];
  let source = '';
  let cursor = 0;
  for (const edit of edits) {
    if (edit.start < cursor) continue;
    source += html.slice(cursor, edit.start);
    cursor = edit.end;
    if (!edit.slot) continue;
    const written = writtenValue({ ...edit.slot, start: 0, end: 0 });
    const start = source.length;
    source += edit.slot.attribute === undefined ? writeText(written) : writeAttribute(edit.slot.attribute, written);
    slots.push({ ...edit.slot, start, end: source.length });
  }
  return { source: source + html.slice(cursor), slots, links };
}
