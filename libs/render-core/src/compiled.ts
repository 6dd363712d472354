import type { WrittenTag } from '@embed/design-document/model';
import { isAddressAttribute } from './address';
import { bodyChunk } from './chunks';
import { escapeHtml } from './html';
import { type MergeTemplate, type Piece, type Slot, writeAttribute, writeText } from './template';
import { plainText, textOptionsKey } from './text';
import type { TextOptions } from './types';

// A revision compiled once, filled per recipient, as contextual auto-escaping template systems
// do (Go's html/template, Closure Templates): the template's parse (template.ts, parse5) has
// found each tag's place; here each place gets its context once, and the output is cut into
// static parts and holes. A recipient's render is then the parts joined with each hole's value
// escaped for its context; no parse, no text conversion. fill.ts fills; the reference merge
// (merge.ts) stays the definition these must equal, which the differential property test holds.

/** Where a tag's value goes: text, a plain attribute, an attribute of addresses (judged whole once filled), a style (CSS, its url()). */
export type Context = 'text' | 'attribute' | 'url' | 'css';

/** A slot of the template with its context, its output cut at its tags. */
export interface CompiledSlot {
  context: Context;
  element: string;
  /** Its output with a hole at each tag: static text already escaped for the context, an attribute's name and quotes included. */
  output: (string | WrittenTag)[];
  /** Of url and css slots: the decoded value with its tags, judged whole once filled (address.ts). */
  attribute?: { name: string; pieces: Piece[]; written: string };
}

/** An output cut at its holes: parts[i] comes before hole i, the last part after the last hole. */
export interface Holes {
  parts: string[];
  holes: number[];
}

/** The HTML of a revision, compiled. */
export interface CompiledHtml {
  /** The source between slots. */
  parts: string[];
  slots: CompiledSlot[];
  /** UTF-8 bytes of the parts: a render adds its slots' own. */
  bytes: number;
  /** The body chunk, its holes the slots'; undefined when it must be cut from each render's HTML. */
  body?: Holes;
}

/** A layout's compiled forms: its HTML, and its plain text for each set of text options asked so far (null: it cannot be compiled). */
export interface CompiledLayout {
  html: CompiledHtml;
  texts: Record<string, CompiledText | null>;
}

/** The plain text of a revision for one set of text options, its holes the text template's tags in order. */
export type CompiledText = Holes;

// A hole's mark in a source given to a transform (the body's cut, the text converter): two
// private-use characters around its number. Neither is whitespace, markup or a character the
// converter changes, so the mark comes out whole wherever its place comes out; a source that
// holds either already is not compiled (its outputs are made per render, as before).
const OPEN = '\ue000';
const CLOSE = '\ue001';
const MARK = /\ue000(\d+)\ue001/g;
const mark = (hole: number) => `${OPEN}${hole}${CLOSE}`;
const markable = (source: string) => !source.includes(OPEN) && !source.includes(CLOSE);

function cutAtMarks(output: string): Holes {
  const parts: string[] = [];
  const holes: number[] = [];
  let cursor = 0;
  for (const match of output.matchAll(MARK)) {
    parts.push(output.slice(cursor, match.index));
    holes.push(Number(match[1]));
    cursor = match.index + match[0].length;
  }
  parts.push(output.slice(cursor));
  return { parts, holes };
}

const contextOf = (slot: Slot): Context =>
  slot.attribute === undefined ? 'text' : slot.attribute === 'style' ? 'css' : isAddressAttribute(slot.attribute) ? 'url' : 'attribute';

function compileSlot(slot: Slot): CompiledSlot {
  const context = contextOf(slot);
  const escape = context === 'text' ? writeText : escapeHtml;
  const output = slot.pieces.map((piece) => (typeof piece === 'string' ? escape(piece) : piece));
  if (slot.attribute === undefined) return { context, element: slot.element, output };
  const written = slot.pieces.map((piece) => (typeof piece === 'string' ? piece : piece.tag)).join('');
  return {
    context,
    element: slot.element,
    output: [`${slot.attribute}="`, ...output, '"'],
    attribute: context === 'url' || context === 'css' ? { name: slot.attribute, pieces: slot.pieces, written } : undefined,
  };
}

/** Compiles a template's HTML: its slots' contexts, its parts, and its body chunk cut at the same slots. */
export function compileHtml(template: MergeTemplate): CompiledHtml {
  const parts: string[] = [];
  let marked = '';
  let cursor = 0;
  template.slots.forEach((slot, index) => {
    const part = template.source.slice(cursor, slot.start);
    parts.push(part);
    marked += part + mark(index);
    cursor = slot.end;
  });
  const last = template.source.slice(cursor);
  parts.push(last);
  // A slot's output holds no < or >, nor does its mark: the body's cut finds the same markup either way.
  const body = markable(template.source) ? cutAtMarks(bodyChunk(marked + last)) : undefined;
  const bytes = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  return { parts, slots: template.slots.map(compileSlot), bytes, body };
}

/** The text template's tags, in the order of its slots: what the holes of its compiled text are numbered by. */
export const textTags = (template: MergeTemplate): WrittenTag[] =>
  template.slots.flatMap((slot) => slot.pieces.filter((piece): piece is WrittenTag => typeof piece !== 'string'));

/**
 * The plain text of a text template for one set of options, compiled: the converter runs once,
 * over the template with a mark in place of each tag. null when the source holds a mark's characters.
 */
export function compileText(template: MergeTemplate, options: TextOptions | undefined): CompiledText | null {
  if (!markable(template.source)) return null;
  let tag = 0;
  let marked = '';
  let cursor = 0;
  for (const slot of template.slots) {
    const value = slot.pieces.map((piece) => (typeof piece === 'string' ? piece : mark(tag++))).join('');
    marked += template.source.slice(cursor, slot.start) + (slot.attribute === undefined ? writeText(value) : writeAttribute(slot.attribute, value));
    cursor = slot.end;
  }
  return cutAtMarks(plainText(marked + template.source.slice(cursor), options));
}

/** The compiled layout of a template pair, with the text for the default options. */
export const compileLayout = (html: MergeTemplate, text: MergeTemplate): CompiledLayout => ({
  html: compileHtml(html),
  texts: { [textOptionsKey(undefined)]: compileText(text, undefined) },
});
