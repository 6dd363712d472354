import { mergeTagPieces, type WrittenTag } from '@embed/design-document/model';
import { type DefaultTreeAdapterMap, parse, type Token, type Tokenizer, TokenizerMode } from 'parse5';
import { ADDRESS_ATTRIBUTES, isAddressAttribute, isSafeAttribute, unsafeAddressWarning } from './address';
import { withoutUncarriable } from './characters';
import { escapeHtml } from './html';
import { RunTokenizer } from './run-tokenizer';
import { TAG } from './tags';
import { Warnings } from './warnings';

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
//
// Where a tag may go is decided by the tokens, which parse5's tokenizer reads as a browser
// does: a text run, an attribute, raw text. Their tree adds nothing to that but which raw-text
// state a start tag switches the tokenizer to, so HTML is read token by token (half the cost
// of building the tree, and half again with runs read at once: run-tokenizer.ts), with the
// tokenizer switched after the same start tags as parse5's tree builder switches it. Where the tree builder alone knows how markup reads (foreign
// content, where CDATA is text and a style is no raw text; a select, a frameset or a template,
// where it ignores start tags that would switch it), the markup is parsed into its tree
// instead. Either way reads every element's attributes (the token way also those of a start
// tag the tree builder then ignores: judged, never an element) and every text run. The plain
// text's source also needs its links as the text converter reads them, in a tree: they are
// read from the tokens where those tell what the tree holds (TokenLinks), else from the tree.

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Decoded text, or a tag as written with what is inside its braces. */
export type Piece = string | WrittenTag;

/** A text node or one attribute (name="value") of the source, holding at least one tag. */
export interface Slot {
  start: number;
  end: number;
  /** The element an attribute belongs to; for text, its parent (read from tokens: the title or textarea it is in, else empty). */
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

function elementEdits(element: string, attrs: Token.Attribute[], locations: Record<string, Token.Location>, source: string, base: number, edits: Edit[], warnings: Warnings): void {
  for (const attribute of attrs) {
    // Locations are keyed by the name as written, in lower case (xlink:href, viewbox), not as the parser adjusts it.
    const key = (attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name).toLowerCase();
    // Most attributes neither hold a tag (two braces in the value as read) nor addresses: nothing more to read of them.
    if (!attribute.value.includes('{{') && !isAddressAttribute(key)) continue;
    const location = locations[key];
    // An event handler's value is script: a tag there is no merge position (none is written there today).
    if (!location || key.startsWith('on')) continue;
    const raw = source.slice(location.startOffset, location.endOffset);
    // A printable ASCII name's location is its own (a name lower-cased past ASCII may find another's), and then
    // its text as written holds every character of the value: without a character reference, a tag
    // needs a brace there and an address in a style needs url(.
    const plain = !NOT_PRINTABLE_ASCII.test(attribute.name) && !raw.includes('&');
    const tagged = (!plain || raw.includes('{')) && hasTag(attribute.value);
    // The key is the name as written, lower case, but where the tokenizer read NUL as U+FFFD, which no
    // address attribute holds: an attribute that is neither tagged nor an address one needs no more.
    if (!tagged && (!isAddressAttribute(key) || (plain && key === 'style' && !CSS_URL_START.test(raw)))) continue;
    // The name as written (foreign attributes such as xlink:href carry their prefix there).
    const name = /^[^\s=/>]+/.exec(raw)?.[0].toLowerCase() ?? attribute.name;
    const at = { start: base + location.startOffset, end: base + location.endOffset };
    if (tagged) edits.push({ ...at, slot: { element, attribute: name, pieces: slotPieces(attribute.value) } });
    else if (isAddressAttribute(name) && !isSafeAttribute(element, name, attribute.value)) {
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

/** A slot's value as pieces: its tags, and the text around them as an output may carry it (characters.ts). */
const slotPieces = (value: string): Piece[] => mergeTagPieces(value).map((piece) => (typeof piece === 'string' ? withoutUncarriable(piece) : piece));

/** The pieces of text read at source[start, end) in `parent` when it is a slot (its tags filled), undefined when it holds no tag to fill. */
function textPieces(value: string, start: number, end: number, parent: string, source: string): Piece[] | undefined {
  // Its span as written holds every character of its value: a tag needs a brace or a character reference there.
  const written = source.slice(start, end);
  if (!(written.includes('{') || written.includes('&')) || !hasTag(value)) return undefined;
  // A text node with markup inside its span was joined by the parser from separate runs: left as written.
  if (RAW_TEXT.has(parent) || written.includes('<')) return undefined;
  return slotPieces(value);
}

const parentName = (node: TextNode) => (node.parentNode && 'tagName' in node.parentNode ? node.parentNode.tagName : '');

/**
 * Where a text node starts in the source. When the tree builder dropped whitespace just
 * before it (the newline that starts a pre, spaces before the html element), parse5 places
 * the node one character late, past its first character.
 */
function nodeStart(node: TextNode, start: number, source: string): number {
  const first = node.value[0];
  const misplaced = source[start] !== first && source[start] !== '&' && source[start] !== '\r' && source[start - 1] === first;
  return misplaced ? start - 1 : start;
}

function nodePieces(node: TextNode, source: string): Piece[] | undefined {
  const location = node.sourceCodeLocation;
  return location ? textPieces(node.value, nodeStart(node, location.startOffset, source), location.endOffset, parentName(node), source) : undefined;
}

/** A comment read as markup: Outlook reads the markup inside conditional comments, so it is held to the same rules (a text converter does not read them). */
function commentEdits(data: string, start: number, source: string, base: number, edits: Edit[], warnings: Warnings): void {
  if (source.startsWith('<!--', start) && source.startsWith(data, start + 4) && data.includes('<') && mayNeedEdits(data)) markupEdits(data, base + start + 4, edits, warnings);
}

// What a link may hold for its words to be only its text nodes' text.
const INLINE = new Set(['b', 'strong', 'i', 'em', 'u', 's', 'span', 'small', 'sub', 'sup', 'code', 'abbr', 'br', 'img']);

/** A link with an address and a tag in it or in its words, from its parts as read; undefined for any other. */
function taggedLinkOf(href: string | undefined, words: Piece[], plain: boolean, images: boolean): TaggedLink | undefined {
  if (href === undefined || (!isSafeAttribute('a', 'href', href) && !hasTag(href))) return undefined;
  const pieces = mergeTagPieces(href);
  if (pieces.every((piece) => typeof piece === 'string') && words.every((piece) => typeof piece === 'string')) return undefined;
  return { href: pieces, words, plain, images };
}

/** A link element of the tree, tagged (taggedLinkOf). */
function taggedLink(link: Element, source: string): TaggedLink | undefined {
  const href = link.attrs.find((attribute) => attribute.name === 'href' && !attribute.prefix)?.value;
  const words: Piece[] = [];
  let plain = true;
  let images = false;
  const stack: Node[] = [...link.childNodes].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.nodeName === '#text' && 'value' in node) words.push(...(nodePieces(node, source) ?? [node.value]));
    else if ('tagName' in node) {
      plain &&= INLINE.has(node.tagName);
      images ||= node.tagName === 'img';
      stack.push(...[...node.childNodes].reverse());
    }
  }
  return taggedLinkOf(href, words, plain, images);
}

const VOID_INLINE = new Set(['br', 'img']);

/**
 * Tagged links read from tokens, where that is how the tree builder reads them: a link that
 * holds only text and inline elements, each closed in turn, then its own end tag (the tree
 * builder builds such an element of just those). Any other link (another inside it, a block,
 * an element left open) makes the reading uncertain: the links are then read from the tree.
 */
class TokenLinks {
  readonly links: TaggedLink[] = [];
  certain = true;
  private link?: { href?: string; words: Piece[]; images: boolean; open: string[] };

  start({ tagName, attrs }: Token.TagToken): void {
    if (tagName === 'a') {
      if (this.link) this.certain = false;
      this.link = { href: attrs.find((attribute) => attribute.name === 'href')?.value, words: [], images: false, open: [] };
    } else if (this.link) {
      if (!INLINE.has(tagName)) this.certain = false;
      this.link.images ||= tagName === 'img';
      if (!VOID_INLINE.has(tagName)) this.link.open.push(tagName);
    }
  }

  end({ tagName }: Token.TagToken): void {
    const link = this.link;
    if (!link) return;
    if (link.open.length === 0 && tagName === 'a') {
      const tagged = taggedLinkOf(link.href, link.words, true, link.images);
      if (tagged) this.links.push(tagged);
      this.link = undefined;
    } else if (link.open[link.open.length - 1] === tagName) link.open.pop();
    else this.certain = false;
  }

  text(pieces: Piece[]): void {
    this.link?.words.push(...pieces);
  }

  eof(): void {
    if (this.link) this.certain = false;
  }
}

/** The edits of markup parsed into its tree (and its tagged links, when asked for). */
function treeEdits(source: string, base: number, edits: Edit[], warnings: Warnings, links?: TaggedLink[]): void {
  const stack: Node[] = [parse(source, { sourceCodeLocationInfo: true })];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if ('childNodes' in node) for (const child of node.childNodes) stack.push(child);
    if (node.nodeName === 'template' && 'content' in node) stack.push(node.content);
    const location = node.sourceCodeLocation;
    if (!location) continue;
    if ('tagName' in node) {
      elementEdits(node.tagName, node.attrs, node.sourceCodeLocation?.attrs ?? {}, source, base, edits, warnings);
      const link = links && node.tagName === 'a' ? taggedLink(node, source) : undefined;
      if (link) links?.push(link);
    } else if (node.nodeName === '#text' && 'value' in node) {
      const pieces = nodePieces(node, source);
      if (pieces) edits.push({ start: base + location.startOffset, end: base + location.endOffset, slot: { element: parentName(node), pieces } });
    } else if (node.nodeName === '#comment' && 'data' in node) commentEdits(node.data, location.startOffset, source, base, edits, warnings);
  }
}

// The tokenizer's state after each start tag that parse5's tree builder switches it for (an HTML element; scripting on).
const TEXT_STATES: Record<string, Tokenizer['state']> = {
  title: TokenizerMode.RCDATA, textarea: TokenizerMode.RCDATA, style: TokenizerMode.RAWTEXT, xmp: TokenizerMode.RAWTEXT,
  iframe: TokenizerMode.RAWTEXT, noembed: TokenizerMode.RAWTEXT, noframes: TokenizerMode.RAWTEXT, noscript: TokenizerMode.RAWTEXT,
  script: TokenizerMode.SCRIPT_DATA, plaintext: TokenizerMode.PLAINTEXT,
};
// Start tags after which only the tree builder knows how markup reads (see the top of this file).
const TREE_READ = new Set(['svg', 'math', 'select', 'frameset', 'template']);

/**
 * The edits of markup read token by token; false, having stopped, at a start tag after which
 * only the tree builder knows how markup reads. Each text run (character tokens between two
 * other tokens) is read as the tree's text node, its parent the raw-text element it is in.
 */
function tokenEdits(source: string, base: number, edits: Edit[], warnings: Warnings, links?: TokenLinks): boolean {
  let run: { start: number; end: number; value: string } | undefined;
  let textElement = '';
  let readable = true;
  const endRun = () => {
    if (!run) return;
    const pieces = textPieces(run.value, run.start, run.end, textElement, source);
    if (pieces) edits.push({ start: base + run.start, end: base + run.end, slot: { element: textElement, pieces } });
    // The tree builder makes no text node of NULs alone.
    if (run.value) links?.text(pieces ?? [run.value]);
    run = undefined;
  };
  // The tree builder leaves a NUL of data out of the text (outside foreign content, which is tree-read).
  const characters = (token: Token.CharacterToken, chars = token.chars) => {
    const location = token.location as Token.Location;
    if (run) {
      run.value += chars;
      run.end = location.endOffset;
    } else run = { start: location.startOffset, end: location.endOffset, value: chars };
  };
  const tokenizer: Tokenizer = new RunTokenizer(
    { sourceCodeLocationInfo: true },
    {
      onStartTag: (token) => {
        endRun();
        if (TREE_READ.has(token.tagName)) {
          readable = false;
          tokenizer.pause();
          return;
        }
        // The tree builder makes an img of an image.
        elementEdits(token.tagName === 'image' ? 'img' : token.tagName, token.attrs, token.location?.attrs ?? {}, source, base, edits, warnings);
        links?.start(token);
        const state = TEXT_STATES[token.tagName];
        if (state !== undefined) {
          tokenizer.state = state;
          textElement = token.tagName;
        }
      },
      // Raw text ends only at its own end tag.
      onEndTag: (token) => {
        endRun();
        textElement = '';
        links?.end(token);
      },
      onComment: (token) => {
        endRun();
        if (token.location) commentEdits(token.data, token.location.startOffset, source, base, edits, warnings);
      },
      onDoctype: endRun,
      onEof: () => {
        endRun();
        links?.eof();
      },
      onCharacter: characters,
      onWhitespaceCharacter: characters,
      onNullCharacter: (token) => characters(token, ''),
    },
  );
  tokenizer.write(source, true);
  return readable;
}

/**
 * The edits of markup: read token by token, or parsed into its tree where only the tree builder
 * knows how it reads (then its links, when asked for, are uncertain too).
 */
function markupEdits(source: string, base: number, edits: Edit[], warnings: Warnings, links?: TokenLinks): void {
  const found: Edit[] = [];
  const collected = new Warnings();
  if (tokenEdits(source, base, found, collected, links)) {
    edits.push(...found);
    collected.list().forEach((warning) => warnings.add(warning));
  } else {
    if (links) links.certain = false;
    treeEdits(source, base, edits, warnings);
  }
}

/** The tagged links of markup, from its tree. */
function treeLinks(source: string): TaggedLink[] {
  const links: TaggedLink[] = [];
  treeEdits(source, 0, [], new Warnings(), links);
  return links;
}

/**
 * Parses laid-out HTML into its merge template; unsafe addresses of the layout itself are left
 * out, with a warning. `links`: record its tagged links too (the plain text's source needs them).
 * `tree`: read it from parse5's tree alone, the oracle the token way is tested against.
 */
export function compileTemplate(html: string, warnings: Warnings, { links: withLinks = false, tree = false } = {}): MergeTemplate {
  const edits: Edit[] = [];
  const tokenLinks = withLinks && !tree ? new TokenLinks() : undefined;
  if (tree) treeEdits(html, 0, edits, warnings);
  else markupEdits(html, 0, edits, warnings, tokenLinks);
  // A text converter reads links in a tree: where the tokens do not tell what the tree holds, it is built.
  const links = !withLinks ? [] : tokenLinks?.certain ? tokenLinks.links : treeLinks(html);
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
