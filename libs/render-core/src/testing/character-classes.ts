import { type DesignDocument, validateDesign } from '@embed/design-document';

// Test support: samples of every class of character docs/design-document.md ("Characters")
// decides on, and documents holding them in every string field the schema accepts them in.

/** Left out by the renderer (characters.ts); NUL and lone surrogates are refused by validation before. */
export const DROPPED_SAMPLES = [
  '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001b', '\u001f', // C0 controls
  '\u007f', // DEL
  '\u0080', '\u0085', '\u009b', '\u009f', // C1 controls
  '\ufdd0', '\ufdef', '\ufffe', '\uffff', '\u{1fffe}', '\u{10ffff}', // noncharacters
];
/** Kept, balanced within each field. */
export const BIDI_SAMPLES = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
/** Kept where the text has them. */
export const WHITESPACE_SAMPLES = ['\t', '\n', '\r'];
export const EVERY_SAMPLE = [...DROPPED_SAMPLES, ...BIDI_SAMPLES, ...WHITESPACE_SAMPLES];

export type StringPath = (string | number)[];

/** Where every string of a JSON value sits. */
export function stringPaths(value: unknown, path: StringPath = []): StringPath[] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, item]) => stringPaths(item, [...path, Array.isArray(value) ? Number(name) : name]));
}

/** `$.body.rows[0].columns[1]`, as validation's messages name a field. */
const named = (path: StringPath) => path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : `${text}.${part}`), '$');

function withString(value: unknown, path: StringPath, text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = withString(copy[head], rest, text);
  return copy;
}

/** The string at `path` of a JSON value. */
export const stringAt = (value: unknown, path: StringPath) =>
  path.reduce<unknown>((inner, part) => (inner as Record<string | number, unknown>)[part], value) as string;

/** The value with `change` applied to each of its strings. */
export const withStringsChanged = <T>(value: T, change: (text: string, path: StringPath) => string): T =>
  stringPaths(value).reduce<unknown>((changed, path) => withString(changed, path, change(stringAt(value, path), path)), value) as T;

/**
 * The document with `change` applied to each of its strings, then each change the schema
 * refuses (a colour, an identifier, an address's form, a length) undone: a valid document.
 */
export function changedWhereValid(document: DesignDocument, change: (text: string, path: StringPath) => string): DesignDocument {
  const paths = stringPaths(document);
  let current: unknown = withStringsChanged(document, change);
  const changed = new Set(paths.filter((path) => stringAt(current, path) !== stringAt(document, path)).map(named));
  for (;;) {
    const validation = validateDesign(current);
    if (validation.valid) return validation.document;
    const [error] = validation.errors;
    const at = error.split(' ')[0];
    // A field the schema refuses with the change, or a discriminator ("has an unknown \"type\"") whose value was changed.
    const undo = paths.filter((path) => changed.has(named(path)) && (named(path) === at || (named(path.slice(0, -1)) === at && error.includes(`"${path[path.length - 1]}"`))));
    if (undo.length === 0) throw new Error(`the document is invalid for a reason no change explains: ${error}`);
    for (const path of undo) {
      current = withString(current, path, stringAt(document, path));
      changed.delete(named(path));
    }
  }
}

/**
 * Every sample in every string field that takes it: a closer opened nowhere first, the
 * characters left out, the text, then openers left open and the whitespace controls.
 */
export const withEveryCharacterClass = (document: DesignDocument): DesignDocument =>
  changedWhereValid(document, (text) => `\u202c\u2069${DROPPED_SAMPLES.join('')}${text}\u202e\u2067\u202b${WHITESPACE_SAMPLES.join('')}`);
