import type { WrittenTag } from '@embed/design-document/model';
import { isSafeAttribute } from './address';
import { bodyChunk } from './chunks';
import { type CompiledLayout, type CompiledSlot, type CompiledText, compileText, type Holes, textTags } from './compiled';
import { escapeHtml } from './html';
import { filledValue, inCss, mergeTemplate, type UnfilledTags } from './merge';
import { type MergeTemplate, type Piece, type TaggedLink, writeText } from './template';
import { DEFAULT_TEXT_OPTIONS, plainText, textOptionsKey } from './text';
import type { MergeValues, TextOptions } from './types';

// One recipient's render of a compiled revision (compiled.ts): each hole filled with its value
// escaped for its context, addresses judged whole once filled, as the reference merge (merge.ts)
// does. The plain text is the compiled text's holes filled with the values as they are, which
// is what the converter would write for values it reads as words in a row (fastText below);
// for any other value the text is converted again from the merged source, as before.

/** A layout's parts this needs: its templates and their compiled forms. */
export interface FillableLayout {
  html: MergeTemplate;
  text: MergeTemplate;
  compiled: CompiledLayout;
}

/** What a recipient's render fills: the HTML, its body chunk, its size and the plain text. */
export interface Filled {
  html: string;
  body: string;
  bytes: number;
  text: string;
}

/** The merge's value of each tag, each looked up once per render; tags without a value, as written. */
class Values {
  private readonly filled = new Map<string, string | undefined>();

  constructor(
    private readonly merge: MergeValues,
    private readonly unfilled: UnfilledTags,
  ) {}

  /** The tag's value; undefined when the merge has none. */
  of({ tag, inner }: WrittenTag): string | undefined {
    if (this.filled.has(tag)) return this.filled.get(tag);
    const value = filledValue(tag, inner, this.merge, this.unfilled);
    this.filled.set(tag, value);
    return value;
  }

  /** Decoded pieces with each tag filled, or as written when the merge has no value. */
  join(pieces: Piece[], css = false): string {
    let value = '';
    for (const piece of pieces) {
      if (typeof piece === 'string') value += piece;
      else {
        const filled = this.of(piece);
        value += filled === undefined ? piece.tag : css ? inCss(filled) : filled;
      }
    }
    return value;
  }
}

function fillSlot(slot: CompiledSlot, values: Values, unfilled: UnfilledTags): string {
  // An address is judged whole, decoded, as the browser will read it; an unsafe one is left out (address.ts).
  const { attribute } = slot;
  if (attribute && !isSafeAttribute(slot.element, attribute.name, values.join(attribute.pieces, slot.context === 'css'))) {
    unfilled.unsafe.add(attribute.written);
    return '';
  }
  const escape = slot.context === 'text' ? writeText : escapeHtml;
  let output = '';
  for (const piece of slot.output) {
    if (typeof piece === 'string') output += piece;
    else {
      const filled = values.of(piece);
      output += escape(filled === undefined ? piece.tag : slot.context === 'css' ? inCss(filled) : filled);
    }
  }
  return output;
}

function joinHoles({ parts, holes }: Holes, values: string[]): string {
  let output = parts[0];
  for (let index = 0; index < holes.length; index++) output += values[holes[index]] + parts[index + 1];
  return output;
}

// The characters the text converter (html-to-text) reads as whitespace.
const CONVERTER_SPACE = /[ \t\r\n\f\u200b]/;
const CONVERTER_SPACES = /[ \t\r\n\f\u200b]/g;

/**
 * Whether the converter writes a value as it is, wherever it stands: words with one space
 * between them, and nothing it could join with the spaces around it or drop at a line's ends.
 */
const asWords = (value: string) =>
  value !== '' && value[0] !== ' ' && value[value.length - 1] !== ' ' && !value.includes('  ') && !CONVERTER_SPACE.test(value.replaceAll(' ', ''));

/** The address a link's text shows (html-to-text's anchor: mailto: taken off, none for a fragment or nothing). */
function shownAddress(href: string): string {
  const shown = href.startsWith('mailto:') ? href.slice('mailto:'.length) : href;
  return shown === '' || shown[0] === '#' ? '' : shown;
}

/**
 * Whether the converter treats a tagged link the same filled as it did with a mark at each
 * tag: it shows the same address, filled, and does not now hide it for reading as the link's
 * words (which it cannot have done with the marks in: a mark differs from any other text).
 */
function linkAsCompiled(link: TaggedLink, values: Values, options: Required<TextOptions>): boolean {
  // Other elements, or images when their alt texts are written, add words of their own.
  if (!link.plain || (link.images && options.images)) return false;
  const href = values.join(link.href);
  // With a mark (neither `#` nor part of `mailto:`) at each tag, the address as compiled.
  const compiled = link.href.map((piece) => (typeof piece === 'string' ? piece : '\ue000')).join('');
  const strip = compiled.startsWith('mailto:') ? 'mailto:'.length : 0;
  const shownCompiled = shownAddress(compiled) === '' ? '' : href.slice(strip);
  const shown = shownAddress(href);
  if (shown !== shownCompiled) return false;
  return shown === '' || values.join(link.words).replace(CONVERTER_SPACES, '') !== shown;
}

/** The compiled text filled, when every value and link reads as it did with the marks in; undefined otherwise. */
function fastText(template: MergeTemplate, compiled: CompiledText, values: Values, options: Required<TextOptions>): string | undefined {
  const filled: string[] = [];
  for (const slot of template.slots) {
    // An address left out changes the links the converter sees.
    if (slot.attribute !== undefined && !isSafeAttribute(slot.element, slot.attribute, values.join(slot.pieces, slot.attribute === 'style'))) return undefined;
    for (const piece of slot.pieces) {
      if (typeof piece === 'string') continue;
      const value = values.of(piece);
      const written = value === undefined ? piece.tag : slot.attribute === 'style' ? inCss(value) : value;
      if (!asWords(written)) return undefined;
      filled.push(written);
    }
  }
  if (options.links && !template.links.every((link) => linkAsCompiled(link, values, options))) return undefined;
  return joinHoles(compiled, filled);
}

/** The compiled text for a set of options; compiled now (and kept in the layout) when first asked for. */
function compiledText(layout: FillableLayout, options: TextOptions | undefined): CompiledText | null {
  const key = textOptionsKey(options);
  if (!(key in layout.compiled.texts)) layout.compiled.texts[key] = compileText(layout.text, options);
  return layout.compiled.texts[key];
}

/** One recipient's HTML, body chunk, size and plain text, from a compiled layout (the same as the reference merge's). */
export function fillLayout(layout: FillableLayout, merge: MergeValues, textOptions: TextOptions | undefined, unfilled: UnfilledTags): Filled {
  const values = new Values(merge, unfilled);
  const { html: compiledHtml } = layout.compiled;
  const slots = compiledHtml.slots.map((slot) => fillSlot(slot, values, unfilled));
  let html = compiledHtml.parts[0];
  for (let index = 0; index < slots.length; index++) html += slots[index] + compiledHtml.parts[index + 1];
  const body = compiledHtml.body ? joinHoles(compiledHtml.body, slots) : bodyChunk(html);
  const bytes = slots.reduce((sum, slot) => sum + Buffer.byteLength(slot), compiledHtml.bytes);
  // Every tag of the text is looked up in the same order as the reference merge, so that its unfilled tags come out alike.
  textTags(layout.text).forEach((tag) => values.of(tag));
  const compiled = compiledText(layout, textOptions);
  const options = { ...DEFAULT_TEXT_OPTIONS, ...textOptions };
  const text = (compiled && fastText(layout.text, compiled, values, options)) ?? plainText(mergeTemplate(layout.text, merge, unfilled), textOptions);
  return { html, body, bytes, text };
}
