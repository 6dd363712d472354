import fc from 'fast-check';
import type { Block, DesignDocument } from '@embed/design-document';
import { validateDesign } from '@embed/design-document';
import { layoutDesign } from './layout';
import { finishRender, referenceRender } from './render';
import { design, MODES, SETTINGS } from './testing/arbitrary-design';
import { htmlProblems } from './testing/audit-html';
import type { MergeValues, TextOptions } from './types';

// The differential test of the compiled revision (compiled.ts, fill.ts): random designs of
// every mode, random and hostile merge values, random text options. Whatever they are, a
// recipient's render filled from the compiled revision is the very render the reference
// merge makes (HTML, body chunk, size, text, merge tags, warnings), and passes the same
// parse5 audit. Values are drawn to reach both the compiled text (words) and its way back
// to the converter (spaces, empty values, values equal to a link's words or address).

const HOSTILE = [
  'javascript:alert(1)', ' \t\njavascript:alert(1)', 'java\tscript:alert(1)', '\u0000javascript:alert(1)', 'data:text/html,<script>alert(1)</script>',
  'data:image/png;base64,iVBORw0KGgo=', '&#106;avascript:alert(1)', '"><script>alert(1)</script>', "'><img src=x onerror=alert(1)>",
  '" onerror="alert(1)', ' onclick=alert(1) ', '</title><script>alert(1)</script>', '--><script>alert(1)</script><!--',
  "x') ; background:url(javascript:alert(1)) ; x:url('", '{{contact.b}}', '#top', '', ' ', '  ', '\u200b', 'a\u00a0b', '\ue000', '\ue0000\ue001',
  'mailto:a@ok.example', 'tel:+123', '/relative', 'mailto:#x',
];
// Values the converter writes as they are: the compiled text is filled with them, unless a link then reads otherwise.
const WORDS = [
  'Ada', 'Ada Lovelace', 'x', 'Hi', 'Hix', 'https://shop.example/', 'https://ok.example/a?b=1&c=2', 'shop.example', 'a@ok.example', '[x]',
  'é', '\u202eevil', '#top', 'mailto:x', 'mailto:a@ok.example', 'tel:+123', '/relative', 'javascript:alert(1)', '{{contact.b}}', '\ue000',
];
const NOT_WORDS = ['Ada  Lovelace', ' Ada', 'Ada ', 'Ada\nLovelace', 'Ada\tL', '', ' ', 'a\u200bb'];
const word = fc.constantFrom(...WORDS);
const value = fc.oneof(
  { arbitrary: word, weight: 4 },
  { arbitrary: fc.constantFrom(...NOT_WORDS), weight: 1 },
  { arbitrary: fc.constantFrom(...HOSTILE), weight: 3 },
  { arbitrary: fc.array(fc.constantFrom(...WORDS, ...HOSTILE), { minLength: 2, maxLength: 3 }).map((parts) => parts.join('')), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 8 }), weight: 1 },
);
const mergeOf = (value: fc.Arbitrary<string>): fc.Arbitrary<MergeValues> =>
  fc.record(
    { contact: fc.record({ a: value, b: value, c: value }, { requiredKeys: [] }), unsubscribeUrl: value, preferencesUrl: value },
    { requiredKeys: [] },
  );
const merge = mergeOf(value);
const textOptions: fc.Arbitrary<TextOptions | undefined> = fc.option(fc.record({ links: fc.boolean(), images: fc.boolean(), preheader: fc.boolean() }, { requiredKeys: [] }), { nil: undefined });

function expectSameAsReference(layout: ReturnType<typeof layoutDesign>, options: { merge: MergeValues; text?: TextOptions }): void {
  const compiled = finishRender(layout, options);
  expect(compiled).toEqual(referenceRender(layout, options));
  expect(htmlProblems(compiled.html)).toEqual([]);
  expect(htmlProblems(compiled.chunks.body)).toEqual([]);
}

// Links every way the plain text may treat them: tags in their address, their words, both, mailto: and fragments, images inside.
const LINKS: Block[] = [
  { type: 'html', html: ['<a href="mailto:{{contact.a}}">{{contact.b}}</a>', '<a href="#{{contact.a}}">x</a>', '<a href="{{contact.a}}"><b>{{contact.b}}</b> x</a>', '<a href="{{contact.a}}"><img src="https://i.example/a.png" alt="{{contact.b}}"></a>', '<a href="[{{contact.a}}]"><img src="https://i.example/a.png" alt="{{contact.a}}"></a>', '<a href="https://shop.example/">{{contact.a}}</a>', '<pre>{{contact.a}}  x</pre>', '<a href="{{contact.a}}"></a>'].join('<br>') },
  { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Hi {{contact.b}}!', href: 'https://shop.example/{{contact.c}}' }, { text: 'x', href: '{{contact.b}}' }] }] },
  { type: 'image', src: 'https://img.example/{{contact.a}}', alt: '{{contact.b}}', href: '{{unsubscribe_url}}' },
  { type: 'button', text: '{{contact.a}}', href: '{{preferences_url}}' },
  { type: 'menu', items: [{ text: 'Unsubscribe', href: '{{unsubscribe_url}}' }, { text: '{{contact.c}}', href: 'https://shop.example/' }] },
];

describe('the compiled revision, against the reference merge', () => {
  it.each(MODES)('fills a %s with every way of writing a link and a tag exactly as the reference merge does', (mode) => {
    const doc = { schemaVersion: 1, mode, settings: SETTINGS[mode], body: { rows: [{ columns: [{ blocks: LINKS }] }] } } as DesignDocument;
    expect(validateDesign(doc).valid).toBe(true);
    const layout = layoutDesign(doc);
    fc.assert(fc.property(merge, textOptions, (values, text) => expectSameAsReference(layout, { merge: values, text })), { numRuns: 100 });
    // Words only: the compiled text is filled, but where a link would now read otherwise.
    // With the cases each rule of a link's text is for: a value equal to its words (an image's alt text among them), a fragment, mailto:.
    const examples: [MergeValues, TextOptions | undefined][] = [
      [{ contact: { a: 'x' } }, { images: true }], [{ contact: { a: 'x', b: 'x' } }, undefined], [{ contact: { a: '#top' } }, undefined], [{ contact: { a: 'mailto:x' } }, undefined],
    ];
    fc.assert(fc.property(mergeOf(word), textOptions, (values, text) => expectSameAsReference(layout, { merge: values, text })), { numRuns: 150, examples });
  });

  it.each(MODES)('fills random %s designs exactly as the reference merge does, whatever the values', (mode) => {
    fc.assert(
      fc.property(design(mode), fc.array(fc.tuple(merge, textOptions), { minLength: 1, maxLength: 3 }), (doc, renders) => {
        const layout = layoutDesign(doc);
        for (const [values, text] of renders) expectSameAsReference(layout, { merge: values, text });
      }),
      { numRuns: 40 },
    );
  });

  it('fills a design whose text holds the compiler\'s own mark characters by converting it per render', () => {
    const doc = { schemaVersion: 1, mode: 'email', settings: SETTINGS.email, body: { rows: [{ columns: [{ blocks: [{ type: 'text', content: [{ type: 'paragraph', content: [{ text: '\ue0000\ue001 {{contact.a}} \ue000' }] }] }] }] }] } } as DesignDocument;
    const layout = layoutDesign(doc);
    expect(layout.compiled.texts).toEqual({ truefalsefalse: null });
    expect(layout.compiled.html.body).toBeUndefined();
    expectSameAsReference(layout, { merge: { contact: { a: 'Ada' } } });
  });
});
