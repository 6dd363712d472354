import { formatJsonPath } from '@embed/storable-json';

// What each class of character the design document accepts becomes when rendered (the
// schema takes any Unicode text; docs/design-document.md "Characters" says the same):
//
// - Tab, newline and carriage return stay: HTML and MJML's XML take them as whitespace.
// - Every other C0 control (U+0000-U+001F), DEL and the C1 controls (U+0080-U+009F) are
//   left out. XML 1.0, which mrml parses an email's MJML as, has no way to write most of
//   them (not even as a character reference), so a subject holding U+001B failed the whole
//   layout; HTML reads each as a parse error, and no mail client or browser shows them as
//   anything a reader could want. Designs already saved may hold them (pasted from a
//   terminal, a vertical tab from a word processor), so the renderer drops them, with a
//   warning, instead of the schema refusing a document that could be saved yesterday.
// - Noncharacters (U+FDD0-U+FDEF and the last two code points of every plane) are left out
//   alike: XML refuses U+FFFE and U+FFFF, HTML calls every one a parse error, and Unicode
//   keeps them for a program's internal use, never for interchange.
// - Lone surrogates cannot be stored (PostgreSQL has no UTF-8 for them), so validation
//   refuses them (@embed/storable-json); a document that reaches the renderer another way
//   has them left out too, rather than failing.
// - Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) are
//   what right-to-left text needs, so they stay, but each field is balanced on its own: a
//   closer that closes nothing opened in the field is left out, and whatever the field
//   leaves open is closed at its end. Text that follows the field (another run, a merge
//   value, the rest of the subject line in an inbox) is then laid out as if it were not there.
//   A string of nothing but whitespace and direction controls has nothing for them to direct:
//   they are left out. Kept, they would also make it text where whitespace is not (a value
//   filled into a table's markup would be moved out of the table by the HTML parser).

/** One linear character class (the u flag reads a surrogate pair as one code point, so only lone ones match). */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const NOT_CARRIABLE = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufdd0-\ufdef\ufffe\uffff\u{1fffe}\u{1ffff}\u{2fffe}\u{2ffff}\u{3fffe}\u{3ffff}\u{4fffe}\u{4ffff}\u{5fffe}\u{5ffff}\u{6fffe}\u{6ffff}\u{7fffe}\u{7ffff}\u{8fffe}\u{8ffff}\u{9fffe}\u{9ffff}\u{afffe}\u{affff}\u{bfffe}\u{bffff}\u{cfffe}\u{cffff}\u{dfffe}\u{dffff}\u{efffe}\u{effff}\u{ffffe}\u{fffff}\u{10fffe}\u{10ffff}\ud800-\udfff]/gu;

// eslint-disable-next-line no-control-regex -- the same characters as above, and direction controls
const MAYBE_CHANGED = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufdd0-\ufdef\ufffe\uffff\ud800-\udfff\u202a-\u202e\u2066-\u2069]/;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'g');
/** HTML's whitespace (the parser's, not Unicode's), and nothing else. */
const HTML_SPACE_ONLY = /^[\t\n\f\r ]*$/;
const PDF = '\u202c';
const PDI = '\u2069';
const isIsolate = (char: string) => char >= '\u2066' && char <= '\u2068';

/** The text with every bidirectional embedding, override and isolate it opens closed inside it (see above). */
export function balancedBidi(text: string): string {
  if (!BIDI_CONTROL.test(text)) return text;
  const open: string[] = [];
  let out = '';
  for (const char of text) {
    if (char === PDF) {
      // Closes the innermost embedding, and none across an isolate opened after it (as the bidi algorithm reads it).
      if (open.length === 0 || isIsolate(open[open.length - 1])) continue;
      open.pop();
    } else if (char === PDI) {
      // Closes the innermost isolate and every embedding opened inside it.
      const isolate = open.findLastIndex(isIsolate);
      if (isolate === -1) continue;
      open.length = isolate;
    } else if (BIDI_CONTROL.test(char)) open.push(char);
    out += char;
  }
  return out + open.reverse().map((char) => (isIsolate(char) ? PDI : PDF)).join('');
}

/** What a string became: the text to render, the code points left out, and whether direction controls were balanced. */
export interface CarriedText {
  text: string;
  dropped: string[];
  balanced: boolean;
}

/** The text as HTML, MJML and a mail header can all carry it (the rules above). */
export function carriableText(text: string): CarriedText {
  // Most text holds none of them: a test without the u flag (any surrogate, paired or not, sends it on) is far faster.
  if (!MAYBE_CHANGED.test(text)) return { text, dropped: [], balanced: false };
  const dropped = new Set<string>();
  const kept = text.replace(NOT_CARRIABLE, (char) => {
    dropped.add(char);
    return '';
  });
  const balanced = directed(kept);
  return { text: balanced, dropped: [...dropped], balanced: balanced !== kept };
}

/** The text's direction controls balanced, or left out where they direct nothing (the text is only whitespace besides). */
function directed(text: string): string {
  const bare = text.replace(BIDI_CONTROLS, '');
  return HTML_SPACE_ONLY.test(bare) ? bare : balancedBidi(text);
}

/**
 * The text without the code points no output carries, its direction controls as they are:
 * for the text around a merge tag in the layout, which a character reference there
 * (`&#1`) decodes to such a code point before the slot writes it again.
 */
export const withoutUncarriable = (text: string) => (MAYBE_CHANGED.test(text) ? text.replace(NOT_CARRIABLE, '') : text);

/** `U+001B` */
export const codePoint = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

type Json = string | number | boolean | null | Json[] | { [name: string]: Json };
type Path = (string | number)[];

interface Changes {
  dropped: Set<string>;
  droppedAt: Path[];
  balancedAt: Path[];
}

// Copy on write: a document without such characters comes back as the same object. One path
// is kept and changed in place on the way down, copied only where a string changed.
function carried(value: Json, path: Path, changes: Changes): Json {
  if (typeof value === 'string') {
    const result = carriableText(value);
    if (result.text === value) return value;
    result.dropped.forEach((char) => changes.dropped.add(char));
    if (result.dropped.length > 0) changes.droppedAt.push([...path]);
    if (result.balanced) changes.balancedAt.push([...path]);
    return result.text;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let items: Json[] | undefined;
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      const result = carried(value[index], path, changes);
      path.pop();
      if (result !== value[index]) (items ??= [...value])[index] = result;
    }
    return items ?? value;
  }
  let fields: { [name: string]: Json } | undefined;
  for (const name in value) {
    path.push(name);
    const result = carried(value[name], path, changes);
    path.pop();
    if (result !== value[name]) (fields ??= { ...value })[name] = result;
  }
  return fields ?? value;
}

const MAX_NAMED = 3;
const MAX_LISTED = 8;
const fields = (paths: Path[]) => {
  const named = paths.slice(0, MAX_NAMED).map((path) => formatJsonPath('$', path)).join(', ');
  return paths.length > MAX_NAMED ? `${named} and ${paths.length - MAX_NAMED} more fields` : named;
};

/**
 * The document with every string as the renderer can carry it (carriableText), and a
 * warning for each kind of change, naming the code points and the fields.
 */
export function carriableDocument<T extends object>(document: T): { document: T; warnings: string[] } {
  const changes: Changes = { dropped: new Set(), droppedAt: [], balancedAt: [] };
  const result = carried(document as unknown as Json, [], changes) as unknown as T;
  const warnings: string[] = [];
  if (changes.droppedAt.length > 0) {
    const listed = [...changes.dropped].slice(0, MAX_LISTED).map(codePoint).join(', ');
    const chars = changes.dropped.size > MAX_LISTED ? `${listed} and ${changes.dropped.size - MAX_LISTED} more` : listed;
    warnings.push(`${fields(changes.droppedAt)} held control characters or noncharacters (${chars}) that HTML and email cannot show, so they were left out.`);
  }
  if (changes.balancedAt.length > 0)
    warnings.push(`${fields(changes.balancedAt)} left direction controls (U+202A-U+202E, U+2066-U+2069) open or closed ones it never opened, so they were balanced within the field: the text after it keeps its own direction.`);
  return { document: result, warnings };
}

/** The warning for merge values changed by carriableText, naming their tags. */
export const carriedValuesWarning = (tags: string[]) =>
  `The values of ${tags.join(', ')} held control characters, noncharacters or unbalanced direction controls, so those were left out or closed within each value.`;
