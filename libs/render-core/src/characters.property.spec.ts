import fc from 'fast-check';
import { parse } from 'parse5';
import type { DesignDocument, DesignMode } from '@embed/design-document';
import { balancedBidi, carriableText } from './characters';
import { layoutDesign } from './layout';
import { finishRender } from './render';
import { design, example, MODES } from './testing/arbitrary-design';
import { parsedElements } from './testing/audit-html';
import { BIDI_SAMPLES, changedWhereValid, DROPPED_SAMPLES, EVERY_SAMPLE, stringAt, stringPaths, withEveryCharacterClass, withStringsChanged } from './testing/character-classes';
import type { MergeValues, RenderResult } from './types';

// Characters of every class (C0 and C1 controls, DEL, noncharacters, direction controls,
// tab, newline, carriage return) put anywhere in every string field of random designs of
// every mode, and in merge values: the design still renders; html, text, subject and
// preheader hold none of the characters left out, parse without an error about a
// character, and (direction controls taken out) are exactly what the design renders to
// without the characters; every text node, attribute, line, subject and preheader closes
// every direction control it opens, so none can reach past its element.

// Written apart from characters.ts: the classes by their code points.
const isLeftOut = (point: number) =>
  point <= 0x08 || point === 0x0b || point === 0x0c || (point >= 0x0e && point <= 0x1f) || (point >= 0x7f && point <= 0x9f) ||
  (point >= 0xfdd0 && point <= 0xfdef) || (point & 0xfffe) === 0xfffe || (point >= 0xd800 && point <= 0xdfff);
const leftOutIn = (text: string) => [...text].filter((char) => isLeftOut(char.codePointAt(0) as number));
// Also as a merge value in a style's url() writes them: percent-encoded.
const withoutBidi = (text: string) => text.replace(/[\u202a-\u202e\u2066-\u2069]|%E2%80%A[A-E]|%E2%81%A[6-9]/g, '');
/** The text as it would be without the characters put in: those left out and direction controls taken away. */
const plainText = (text: string) => withoutBidi([...text].filter((char) => !isLeftOut(char.codePointAt(0) as number)).join(''));
const plainOf = (document: DesignDocument) => withStringsChanged(document, plainText);

/** Whether every embedding, override and isolate is closed, and nothing closed that was not opened. */
function isBalanced(text: string): boolean {
  const open: ('embedding' | 'isolate')[] = [];
  for (const char of text) {
    if ('\u202a\u202b\u202d\u202e'.includes(char)) open.push('embedding');
    else if ('\u2066\u2067\u2068'.includes(char)) open.push('isolate');
    else if (char === '\u202c' && open.pop() !== 'embedding') return false;
    else if (char === '\u2069') {
      if (!open.includes('isolate')) return false;
      open.length = open.lastIndexOf('isolate');
    }
  }
  return open.length === 0;
}

const CHARACTER_ERRORS = new Set([
  'control-character-in-input-stream', 'noncharacter-in-input-stream', 'surrogate-in-input-stream',
  'control-character-reference', 'noncharacter-character-reference', 'surrogate-character-reference', 'null-character-reference',
]);
function characterErrors(html: string): string[] {
  const errors: string[] = [];
  parse(html, { onParseError: (error) => CHARACTER_ERRORS.has(error.code) && errors.push(`${error.code} at ${error.startOffset}`) });
  return errors;
}

/** The HTML as a browser reads it: elements, attributes and text, values decoded (and passed through `values`). */
const readHtml = (html: string, values: (text: string) => string) =>
  parsedElements(html).map((element) => ({ ...element, text: values(element.text), attributes: element.attributes.map(([name, value]) => [name, values(value)]) }));

const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'action', 'background', 'poster']);

const outputs = (result: RenderResult) => ({ html: result.html, body: result.chunks.body, text: result.text, subject: result.subject, preheader: result.preheader });

function expectCarried(result: RenderResult, plain: RenderResult): void {
  for (const [name, output] of Object.entries(outputs(result))) {
    expect([name, leftOutIn(output)]).toEqual([name, []]);
    expect([name, isBalanced(output)]).toEqual([name, true]);
  }
  expect(characterErrors(result.html)).toEqual([]);
  for (const element of parsedElements(result.html)) {
    if (!isBalanced(element.text)) throw new Error(`<${element.tag}> holds unbalanced text ${JSON.stringify(element.text)}`);
    for (const [name, value] of element.attributes) if (!isBalanced(value)) throw new Error(`<${element.tag} ${name}> is unbalanced: ${JSON.stringify(value)}`);
  }
  const read = readHtml(result.html, withoutBidi);
  const plainRead = readHtml(plain.html, (text) => text);
  expect(read.map(({ tag, text }) => ({ tag, text }))).toEqual(plainRead.map(({ tag, text }) => ({ tag, text })));
  read.forEach((element, index) => {
    // An address whose scheme a direction control made a path ("Ada:" as "Ada\u202b\u202c:") is kept where the plain one is left out: both are safe.
    const plainAttributes = new Map(plainRead[index].attributes.map(([name, value]) => [name, value]));
    const kept = element.attributes.filter(([name]) => plainAttributes.has(name) || !ADDRESS_ATTRIBUTES.has(name));
    expect(kept).toEqual([...plainAttributes]);
  });
  expect(withoutBidi(result.subject)).toBe(plain.subject);
  expect(withoutBidi(result.preheader)).toBe(plain.preheader);
}

const sample = fc.constantFrom(...EVERY_SAMPLE);
const bidi = new Set(BIDI_SAMPLES);
const dropped = new Set(DROPPED_SAMPLES);
type Insertion = [at: number, char: string];

// A merge tag is one unit: a direction control inside its braces would make it text (a change the author made, not the renderer).
const UNITS = /\{\{[^{}]*\}\}|[^]/gu;
const UNITS_TAGS = /\{\{[^{}]*\}\}/g;

// A direction control in an address makes another address (a path, where the plain one had a scheme): not put there.
const ADDRESSES = new Set(['href', 'src', 'url', 'thumbnail', 'action']);

function inserted(text: string, insertions: Insertion[], field: string | number): string {
  const rawHtml = field === 'html';
  const units = text.match(UNITS) ?? [];
  // Text that is blank, or only tags, stays free of direction controls: a social label of only them is not blank, which would change which words show.
  const blank = text.replace(UNITS_TAGS, '').trim() === '';
  // Raw HTML that ends inside a tag it never closes ("<x") would take one at its end into the tag's name.
  const endsInTag = rawHtml && text.lastIndexOf('<') > text.lastIndexOf('>');
  for (const [at, char] of insertions) {
    if ((blank || endsInTag || ADDRESSES.has(String(field))) && bidi.has(char)) continue;
    // Raw HTML gets direction controls only at its end: inside an entity or a tag name they would change the markup
    // itself, and at its start text the parser moves out of a table (a tag there) would join them.
    const place = rawHtml && bidi.has(char) ? units.length : at % (units.length + 1);
    // Not right after a carriage return: taken away again, it would leave CR LF, which HTML reads as one line break.
    if (bidi.has(char) && (units[place - 1] === '\r' || units[units.length - 1] === '\r')) continue;
    units.splice(place, 0, char);
  }
  return units.join('');
}

/** A design and the same design with characters of every class put into its strings (where the schema takes them). */
const designs = (mode: DesignMode) =>
  design(mode).chain((design) =>
    fc.array(fc.array(fc.tuple(fc.nat(), sample), { maxLength: 3 }), { minLength: stringPaths(design).length, maxLength: stringPaths(design).length }).map((all) => {
      const index = new Map(stringPaths(design).map((path, i) => [path.join('/'), all[i]]));
      const dirty = changedWhereValid(design, (text, path) => inserted(text, index.get(path.join('/')) ?? [], path[path.length - 1]));
      return { dirty, plain: plainOf(dirty) };
    }),
  );

/** Merge values of words and characters of every class, and the same values as the renderer must carry them. */
// No carriage return: a value's closers would come between it and a line feed after the tag (see above).
const valueWords = fc.array(fc.oneof(fc.constantFrom('Ada', ' ', 'x', '<b>', '&', '"'), sample.filter((char) => char !== '\r')), { maxLength: 6 }).map((parts) => parts.join(''));
const merges = fc.record({ contact: fc.record({ a: valueWords, b: valueWords, c: valueWords }) }).map((merge) => ({
  dirty: merge as MergeValues,
  plain: { contact: Object.fromEntries(Object.entries(merge.contact).map(([name, value]) => [name, plainText(value)])) },
}));

describe('characters of every class, in every string field of every mode', () => {
  it.each(MODES)('render in a random %s: left out or balanced, never breaking the layout or leaving their element', (mode) => {
    fc.assert(
      fc.property(designs(mode), merges, ({ plain, dirty }, merge) => {
        const result = finishRender(layoutDesign(dirty), { merge: merge.dirty });
        expectCarried(result, finishRender(layoutDesign(plain), { merge: merge.plain }));
        const leftOut = stringPaths(dirty).some((path) => leftOutIn(stringAt(dirty, path)).length > 0);
        expect(result.warnings.some((warning) => warning.includes('so they were left out'))).toBe(leftOut);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it.each(MODES)('render the %s example holding every class in every field, with warnings naming fields and code points', (mode) => {
    const dirty = withEveryCharacterClass(example(mode));
    expect(stringPaths(dirty).filter((path) => stringAt(dirty, path).includes('\u001b')).length).toBeGreaterThan(10);
    const result = finishRender(layoutDesign(dirty));
    expectCarried(result, finishRender(layoutDesign(plainOf(dirty))));
    const warning = result.warnings.find((text) => text.includes('so they were left out')) ?? '';
    expect(warning).toMatch(/^\$\.\S+, \$\.\S+, \$\.\S+ and \d+ more fields held control characters or noncharacters \(U\+0001, U\+0008, .* and \d+ more\)/);
    expect(result.warnings.some((text) => text.includes('were balanced within the field'))).toBe(true);
  }, 30_000);

  it('holds merge values to the same rules, each on its own, and names their tags in a warning', () => {
    const doc = example('email');
    const layout = layoutDesign({ ...doc, settings: { ...doc.settings, subject: 'Hi {{contact.first_name}}, news' } } as DesignDocument);
    const result = finishRender(layout, { merge: { contact: { first_name: 'Ada\u001b\u202e' } } });
    expect(result.subject).toBe('Hi Ada\u202e\u202c, news');
    expect(result.warnings).toContain(
      'The values of {{contact.first_name}} held control characters, noncharacters or unbalanced direction controls, so those were left out or closed within each value.',
    );
    expect(finishRender(layout, { merge: { contact: { first_name: 'Ada' } } }).warnings.join()).not.toContain('The values of');
  });

  it('copes with what validation refuses before (NUL, lone surrogates), should a document reach it another way', () => {
    const doc = example('email');
    const dirty = { ...doc, settings: { ...doc.settings, subject: `a\u0000b\ud800c\udfffd` } } as DesignDocument;
    expect(finishRender(layoutDesign(dirty)).subject).toBe(finishRender(layoutDesign({ ...doc, settings: { ...doc.settings, subject: 'abcd' } } as DesignDocument)).subject);
  });
});

describe('carriableText and balancedBidi', () => {
  const anyText = fc.array(fc.oneof(sample, fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 12 }).map((parts) => parts.join(''));

  it('leave out only the characters of those classes, keep the rest in order, and balance direction controls', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const { text: out, dropped: gone } = carriableText(text);
        expect(leftOutIn(out)).toEqual([]);
        expect(isBalanced(out)).toBe(true);
        expect(withoutBidi(out)).toBe(plainText(text));
        expect(new Set(gone)).toEqual(new Set(leftOutIn(text)));
        expect(carriableText(out).text).toBe(out);
      }),
    );
  });

  it('leave balanced text as it is, and close what is left open at the end', () => {
    expect(balancedBidi('\u202bשלום \u2067abc\u2069 עולם\u202c')).toBe('\u202bשלום \u2067abc\u2069 עולם\u202c');
    expect(balancedBidi('a\u202eb\u2066c')).toBe('a\u202eb\u2066c\u2069\u202c');
    expect(balancedBidi('\u202ca\u2069b')).toBe('ab');
    // An isolate's closer closes what was opened inside it; an embedding's closer cannot close across an isolate.
    expect(balancedBidi('\u2067a\u202eb\u2069c')).toBe('\u2067a\u202eb\u2069c');
    expect(balancedBidi('\u202ba\u2066b\u202cc')).toBe('\u202ba\u2066bc\u2069\u202c');
  });

  it('leave out direction controls that direct nothing but whitespace, which the HTML parser would otherwise read as text', () => {
    expect(carriableText(' \u202e')).toEqual({ text: ' ', dropped: [], balanced: true });
    expect(carriableText('\u2067\n\t\u2069')).toEqual({ text: '\n\t', dropped: [], balanced: true });
    // A no-break space is text to the parser, as any letter: the control stays, balanced.
    expect(carriableText('\u00a0\u202e').text).toBe('\u00a0\u202e\u202c');
  });

  it('drops every sample of the classes left out', () => {
    for (const char of dropped) expect(carriableText(`a${char}b`)).toEqual({ text: 'ab', dropped: [char], balanced: false });
  });
});
