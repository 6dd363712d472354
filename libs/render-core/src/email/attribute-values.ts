import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { attributes, type AttributesWriter, escapeHtml } from '../html';

type Node = DefaultTreeAdapterMap['node'];

// mrml (0.x) writes every attribute value it outputs through Rust's escape_debug: a tab
// becomes the two characters \t, a backslash two backslashes, and every character Rust does
// not call printable (a no-break space, a soft hyphen, a zero-width joiner inside an emoji,
// a combining accent, a direction control) becomes the text \u{...}. The reader of an alt
// text or a link would get that text instead of the character. A character reference is
// passed through as written, so every character of an attribute value outside printable
// ASCII, and the backslash, is written as one: the browser reads the value the design holds.
// Text content is written as it is by mrml, so it is left alone (references there would
// only make the email larger). The MJML's own attributes are written so when they are made
// (asciiAttributes: no second reading of the markup); an html block's, which sanitize-html
// writes, are found by parsing its markup as HTML (parse5), whose source locations are exact.

const NEEDS_REFERENCE = /[^\x20-\x5b\x5d-\x7e]/gu;
// The same class, one UTF-16 unit at a time: a test that is much faster, for text that needs nothing (most of it).
const MAY_NEED_REFERENCE = /[^\x20-\x5b\x5d-\x7e]/;
// A carriage return is written as the line feed HTML reads a raw one as (a reference to it is a parse error).
const reference = (char: string) => `&#x${(char === '\r' ? 0x0a : (char.codePointAt(0) as number)).toString(16)};`;

/** Text with every character outside printable ASCII, and the backslash, written as a character reference. */
export const asciiReferences = (text: string) => (MAY_NEED_REFERENCE.test(text) ? text.replace(/\r\n/g, '\n').replace(NEEDS_REFERENCE, reference) : text);

/** Attributes as an email's MJML holds them: values escaped, then in printable ASCII, other characters as references. */
export const asciiAttributes: AttributesWriter = (values) => attributes(values, (value) => asciiReferences(escapeHtml(value)));

/** The markup with every attribute value written in printable ASCII, other characters as references. */
export function asciiAttributeValues(markup: string): string {
  if (!MAY_NEED_REFERENCE.test(markup)) return markup;
  const spans: { start: number; end: number }[] = [];
  const stack: Node[] = [parse(markup, { sourceCodeLocationInfo: true })];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if ('childNodes' in node) stack.push(...node.childNodes);
    if (node.nodeName === 'template' && 'content' in node) stack.push(node.content);
    if (!('tagName' in node)) continue;
    for (const location of Object.values(node.sourceCodeLocation?.attrs ?? {})) spans.push({ start: location.startOffset, end: location.endOffset });
  }
  spans.sort((a, b) => a.start - b.start);
  let out = '';
  let cursor = 0;
  for (const { start, end } of spans) {
    out += markup.slice(cursor, start) + asciiReferences(markup.slice(start, end));
    cursor = end;
  }
  return out + markup.slice(cursor);
}
