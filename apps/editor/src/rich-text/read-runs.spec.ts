import { type Inline, type List, type Paragraph, tagsIn } from '@embed/design-document/model';
import fc from 'fast-check';
import { documentColor, normalizeRuns, readRuns, readTextContent, sameRichText } from './read-runs';
import { element, mergeTagView, runsView, textContentView, type ViewNode, ViewText } from './runs-view';
import { MARK_NAMES, MERGE_TAG_ATTRIBUTE, MERGE_TAGS, type TextContent } from './tree';

/** A tree as the browser would hold it: strings are text nodes. */
const el = (tag: string, attributes: Record<string, string>, ...children: (ViewNode | string)[]) =>
  element(
    tag,
    attributes,
    children.map((child) => (typeof child === 'string' ? new ViewText(child) : child)),
  );
const root = (...children: (ViewNode | string)[]) => el('div', { contenteditable: 'true' }, ...children);

// Runs as the document keeps them: marks are set or absent, never false.
const marks = fc.record(
  {
    bold: fc.constant(true),
    italic: fc.constant(true),
    underline: fc.constant(true),
    strike: fc.constant(true),
    color: fc.constantFrom('#abc', '#A1B2C3', '#11223344', 'transparent', '#000000'),
    href: fc.constantFrom('', 'https://example.com/a?b=1&c=2', '{{unsubscribe_url}}', 'mailto:ada@example.com', '#top'),
  },
  { requiredKeys: [] },
);
const fragments = fc.constantFrom('a', 'Hello', ' ', '  ', '\n', ...MERGE_TAGS, '{{contact.company}}', '<b>&amp;', 'é✓', '{{', '}}', '{{ contact.first_name }}', 'x.y');
const text = fc.array(fragments, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(''));
const run = fc.tuple(text, marks).map(([t, m]): Inline => ({ text: t, ...m }));
const runs = fc.array(run, { maxLength: 5 });
const paragraph = runs.map((content): Paragraph => ({ type: 'paragraph', content }));
const list = fc.record({ type: fc.constant('list' as const), ordered: fc.boolean(), items: fc.array(runs, { maxLength: 4 }) }).map((value): List => value);
const content = fc.array(fc.oneof(paragraph, list), { minLength: 1, maxLength: 4 });

/** The test's own statement of the run format's one form: neighbours of the same marks joined, no empty run. */
function canonical(input: Inline[]): Inline[] {
  const out: Inline[] = [];
  const key = (value: Inline) => JSON.stringify(MARK_NAMES.map((name) => value[name] ?? null));
  for (const value of input) {
    const last = out[out.length - 1];
    if (!value.text) continue;
    if (last && key(last) === key(value)) last.text += value.text;
    else out.push({ ...value });
  }
  return out;
}
const canonicalContent = (value: TextContent): TextContent =>
  value.map((part) => (part.type === 'paragraph' ? { ...part, content: canonical(part.content) } : { ...part, items: part.items.map(canonical) }));

describe('runs shown in an editable element and read back', () => {
  it('reads back exactly the runs it shows: marks, links, colours, merge tags, line breaks and spaces', () => {
    fc.assert(fc.property(runs, (value) => expect(readRuns(root(...runsView(value)))).toEqual(canonical(value))));
  });

  it('reads back exactly the paragraphs and lists it shows', () => {
    fc.assert(fc.property(content, (value) => expect(readTextContent(root(...textContentView(value)))).toEqual(canonicalContent(value))));
  });

  it('shows every merge tag as one unit holding its exact text', () => {
    const tags = (nodes: ViewNode[]): string[] =>
      nodes.flatMap((node) => (node.nodeType === 1 && node.getAttribute(MERGE_TAG_ATTRIBUTE) ? [node.getAttribute(MERGE_TAG_ATTRIBUTE) as string] : tags(node.childNodes)));
    const texts = (nodes: ViewNode[]): string[] => nodes.flatMap((node) => (node.nodeType === 3 ? [node.nodeValue] : node.getAttribute(MERGE_TAG_ATTRIBUTE) ? [] : texts(node.childNodes)));
    fc.assert(
      fc.property(runs, (value) => {
        const view = runsView(value);
        expect(tags(view)).toEqual(value.flatMap((r) => tagsIn(r.text).map(({ tag }) => tag)));
        for (const piece of texts(view)) expect(tagsIn(piece)).toEqual([]);
      }),
    );
  });

  it('shows a tag the renderer fills as a unit, spaces inside the braces and all', () => {
    expect(runsView([{ text: 'Hi {{ contact.first_name }}!' }])).toEqual([new ViewText('Hi '), mergeTagView('{{ contact.first_name }}'), new ViewText('!')]);
  });

  it('shows an empty line, and a line ending in a break, with the extra <br> a browser needs', () => {
    expect(runsView([]).map((node) => node.nodeName)).toEqual(['BR']);
    expect(runsView([{ text: 'a\n' }]).map((node) => node.nodeName)).toEqual(['#text', 'BR', 'BR']);
    expect(textContentView([{ type: 'paragraph', content: [] }])).toEqual([el('p', {}, el('br', {}))]);
  });

  it('writes the marks in the renderer’s order, the link outermost', () => {
    expect(runsView([{ text: 'x', bold: true, italic: true, color: '#ABC', href: 'https://a.example/' }])).toEqual([
      el('a', { href: 'https://a.example/' }, el('span', { style: 'color: #ABC' }, el('em', {}, el('strong', {}, 'x')))),
    ]);
  });
});

// A tree of the forms the browser's editing commands and a paste make.
const tree: fc.Arbitrary<ViewNode> = fc.letrec<{ node: ViewNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('a', 'b c', ' ', '\n', '\u00a0x', 'y\u200b', '{{contact.first_name}}').map((value) => new ViewText(value)),
    fc.constant(el('br', {})),
    fc.constantFrom(...MERGE_TAGS).map((tag) => el('span', { class: 'merge-tag', contenteditable: 'false', [MERGE_TAG_ATTRIBUTE]: tag }, tag)),
    fc
      .tuple(
        fc.constantFrom<[string, Record<string, string>]>(
          ['b', {}],
          ['strong', {}],
          ['i', {}],
          ['u', {}],
          ['strike', {}],
          ['font', { color: '#ff0000' }],
          ['span', { style: 'color: rgb(0, 128, 255); font-weight: 700' }],
          ['span', { style: 'font-weight: normal; font-style: italic' }],
          ['span', { style: 'text-decoration-line: underline line-through' }],
          ['a', { href: 'https://example.com/' }],
          ['a', {}],
          ['p', {}],
          ['div', {}],
          ['ul', {}],
          ['ol', {}],
          ['li', {}],
          ['style', {}],
        ),
        fc.array(tie('node'), { maxLength: 4 }),
      )
      .map(([[tag, attributes], children]) => el(tag, attributes, ...children)),
  ),
})).node;

const runsWellFormed = (value: Inline[]) => {
  value.forEach((r, i) => {
    expect(r.text).not.toBe('');
    for (const name of MARK_NAMES) expect(r[name]).not.toBe(false);
    if (i > 0) expect(sameRichText([r], [{ ...value[i - 1], text: r.text }])).toBe(false);
  });
};

describe('reading what the browser made', () => {
  it('reads any tree into runs of the one form, which read back the same once shown', () => {
    fc.assert(
      fc.property(fc.array(tree, { maxLength: 5 }), (children) => {
        const read = readTextContent(root(...children));
        read.forEach((part) => (part.type === 'paragraph' ? runsWellFormed(part.content) : part.items.forEach(runsWellFormed)));
        expect(readTextContent(root(...textContentView(read)))).toEqual(read);
        const heading = readRuns(root(...children));
        runsWellFormed(heading);
        expect(readRuns(root(...runsView(heading)))).toEqual(heading);
      }),
    );
  });

  it('keeps every character of inline content, with no-break spaces as spaces and no zero-width spaces', () => {
    const inline = fc.array(fc.oneof(fc.constantFrom('a b', '\u00a0', '\u200b', 'é').map((value) => new ViewText(value)), fc.constant(el('br', {}))), { maxLength: 8 });
    fc.assert(
      fc.property(inline, (children) => {
        const expected = children
          .map((node) => (node.nodeType === 3 ? node.nodeValue : '\n'))
          .join('')
          .replace(/\u200b/g, '')
          .replace(/\u00a0/g, ' ')
          .replace(/\n$/, '');
        expect(readRuns(root(el('b', {}, ...children))).map((r) => r.text).join('')).toBe(expected);
      }),
    );
  });

  it('takes the marks of every form the browser writes', () => {
    expect(
      readRuns(
        root(
          el('b', {}, 'b'),
          el('strong', {}, 's'),
          el('font', { color: '#FF0000' }, 'f'),
          el('span', { style: 'color: rgb(0, 128, 255); font-weight: 700;' }, 'c'),
          el('b', {}, el('span', { style: 'font-weight: normal' }, 'n')),
          el('span', { style: 'text-decoration: underline line-through' }, 'd'),
          el('span', { style: 'color: rgba(255, 0, 0, 0.5)' }, 'h'),
          el('span', { style: 'color: red' }, 'r'),
        ),
      ),
    ).toEqual([
      { text: 'bs', bold: true },
      { text: 'f', color: '#FF0000' },
      { text: 'c', bold: true, color: '#0080ff' },
      { text: 'n' },
      { text: 'd', underline: true, strike: true },
      { text: 'h', color: '#ff000080' },
      { text: 'r' },
    ]);
  });

  it('tells a link whose address is not set yet from an anchor that is no link', () => {
    expect(readRuns(root(el('a', { href: '' }, 'x'), el('a', { name: 'top' }, 'y')))).toEqual([{ text: 'x', href: '' }, { text: 'y' }]);
  });

  it('reads the list the browser’s list command puts inside a paragraph as a list', () => {
    expect(readTextContent(root(el('p', {}, 'ab\ncd'), el('p', {}, el('ul', {}, el('li', {}, 'one ', el('b', {}, 'bold')), el('li', {}, el('br', {}))))))).toEqual([
      { type: 'paragraph', content: [{ text: 'ab\ncd' }] },
      { type: 'list', ordered: false, items: [[{ text: 'one ' }, { text: 'bold', bold: true }], []] },
    ]);
  });

  it('flattens nested lists into the one level the document has', () => {
    const nested = root(el('ol', {}, el('li', {}, 'a', el('ul', {}, el('li', {}, 'b'))), el('ul', {}, el('li', {}, 'c')), el('li', {}, 'd')));
    expect(readTextContent(nested)).toEqual([{ type: 'list', ordered: true, items: [[{ text: 'a' }], [{ text: 'b' }], [{ text: 'c' }], [{ text: 'd' }]] }]);
  });

  it('reads a line break kept as text at a line’s end as the browser shows it', () => {
    expect(readTextContent(root(el('p', {}, 'ab\n\n')))).toEqual([{ type: 'paragraph', content: [{ text: 'ab\n' }] }]);
  });

  it('reads <div> lines as paragraphs of a text and as line breaks of a heading', () => {
    const lines = root('x', el('div', {}, 'y'), el('div', {}, el('br', {})), el('div', {}, 'z'));
    expect(readTextContent(lines)).toEqual([
      { type: 'paragraph', content: [{ text: 'x' }] },
      { type: 'paragraph', content: [{ text: 'y' }] },
      { type: 'paragraph', content: [] },
      { type: 'paragraph', content: [{ text: 'z' }] },
    ]);
    expect(readRuns(lines)).toEqual([{ text: 'x\ny\n\nz' }]);
  });

  it('leaves out the whitespace of a pasted source’s layout, and what is never shown', () => {
    expect(readTextContent(root('\n  ', el('p', {}, 'a'), '\n', el('style', {}, 'p{}'), el('p', {}, 'b'), '\n'))).toEqual([
      { type: 'paragraph', content: [{ text: 'a' }] },
      { type: 'paragraph', content: [{ text: 'b' }] },
    ]);
  });

  it('reads a merge tag as its exact text, whatever its element shows', () => {
    const chip = el('span', { [MERGE_TAG_ATTRIBUTE]: '{{contact.first_name}}', contenteditable: 'false' }, '{{contact.first_n');
    expect(readRuns(root('Hi ', el('b', {}, chip), '!'))).toEqual([{ text: 'Hi ' }, { text: '{{contact.first_name}}', bold: true }, { text: '!' }]);
  });

  it('gives an empty element one empty paragraph', () => {
    expect(readTextContent(root())).toEqual([{ type: 'paragraph', content: [] }]);
  });
});

describe('documentColor', () => {
  it('keeps the document’s forms and turns the browser’s into hex', () => {
    expect(['#AbC', '#aabbcc', '#aabbcc80', 'transparent', 'rgb(1, 2, 3)', 'rgba(255,255,255,0)', 'rgba(0, 0, 0, 1)', 'red', '', '#ab'].map(documentColor)).toEqual([
      '#AbC',
      '#aabbcc',
      '#aabbcc80',
      'transparent',
      '#010203',
      '#ffffff00',
      '#000000',
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('normalizeRuns and sameRichText', () => {
  it('joins neighbours of the same marks, drops empty runs and false marks, and one trailing line break', () => {
    expect(normalizeRuns([{ text: 'a', bold: false }, { text: '' }, { text: 'b' }, { text: 'c\n', italic: true }])).toEqual([{ text: 'ab' }, { text: 'c', italic: true }]);
  });

  it('compares contents by what they show, whatever the order of their fields', () => {
    expect(sameRichText([{ bold: true, text: 'a' } as Inline], [{ text: 'a', bold: true, italic: false }])).toBe(true);
    expect(sameRichText([{ text: 'a', href: '' }], [{ text: 'a' }])).toBe(false);
    expect(sameRichText([{ type: 'list', ordered: true, items: [[{ text: 'a' }]] }], [{ type: 'list', ordered: false, items: [[{ text: 'a' }]] }])).toBe(false);
    fc.assert(fc.property(content, (value) => expect(sameRichText(value, structuredClone(value))).toBe(true)));
  });
});
