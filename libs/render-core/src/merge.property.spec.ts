import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { Block, DesignDocument, DesignMode } from '@embed/design-document';
import { validateDesign } from '@embed/design-document';
import { layoutDesign } from './layout';
import { finishRender } from './render';
import { htmlProblems, parsedElements } from './testing/audit-html';
import type { MergeValues, RenderResult } from './types';

// Random designs of every mode and block, merged with random and hostile values: whatever
// the values, the HTML (whole and its body chunk) holds no script-capable address, no event
// handler and no refused element, and has exactly the elements and attributes of the same
// layout left unmerged, less the addresses left out (each with its warning). Scripts and
// stylesheets are never touched by a merge.

const MODES: DesignMode[] = ['email', 'page', 'popup', 'document'];
const example = (mode: DesignMode): DesignDocument =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/examples/designs', `${mode}.json`), 'utf8'));
const SETTINGS = Object.fromEntries(MODES.map((mode) => [mode, example(mode).settings]));

const TAGS = ['{{contact.a}}', '{{contact.b}}', '{{ contact.c }}', '{{unsubscribe_url}}', '{{preferences_url}}', '{{contact.unset}}'];
const tag = fc.constantFrom(...TAGS);
const addressTag = fc.constantFrom(...TAGS.filter((written) => !written.includes(' ')));

const HOSTILE_VALUES = [
  'javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' \t\njavascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)',
  '\u0000javascript:alert(1)', '\u001fjavascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD4=', 'data:image/svg+xml,<svg onload=alert(1)>', 'data:image/png;base64,iVBORw0KGgo=',
  '&#106;avascript:alert(1)', 'javascript&colon;alert(1)', 'jav&#x09;ascript:alert(1)', 'java', 'script:alert(1)', 'javascript', ':alert(1)',
  '"><script>alert(1)</script>', "'><img src=x onerror=alert(1)>", '" onerror="alert(1)', "' onmouseover='alert(1)", 'onerror=alert(1)',
  ' onclick=alert(1) ', '<svg/onload=alert(1)>', '</title><script>alert(1)</script>', '--><script>alert(1)</script><!--',
  '<![endif]--><script>alert(1)</script>', "x') ; background:url(javascript:alert(1)) ; x:url('", '\\', '`', '{{contact.b}}',
  'https://ok.example/a?b=1&c=2', 'mailto:a@ok.example', 'tel:+123', '/relative', '#top', '', ' ', 'Ada',
];
const value = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_VALUES), weight: 4 },
  { arbitrary: fc.array(fc.constantFrom(...HOSTILE_VALUES), { minLength: 2, maxLength: 3 }).map((parts) => parts.join('')), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 1 },
);
const merge: fc.Arbitrary<MergeValues> = fc.record(
  { contact: fc.record({ a: value, b: value, c: value }, { requiredKeys: [] }), unsubscribeUrl: value, preferencesUrl: value },
  { requiredKeys: [] },
);

// Text as the schema takes it: tags among words and the characters HTML cares about.
const WORDS = ['Hi ', 'x', '<', '>', '&', '&amp;', '"', "'", ' ', '\n', '=', '/', 'javascript:', '&#106;'];
const text = fc.array(fc.oneof(tag, fc.constantFrom(...WORDS)), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(''));
// A suffix an address may carry after its first tag or host (no spaces, <, > or ").
const suffix = fc.array(fc.oneof(addressTag, fc.constantFrom('', '/', '?ref=', ':', '&', 'script:alert(1)', '#x')), { maxLength: 3 }).map((parts) => parts.join(''));
const href = fc.oneof(
  fc.tuple(tag, suffix).map(([first, rest]) => first + rest),
  suffix.map((rest) => `https://shop.example/${rest}`),
  fc.constantFrom('', '#top', 'mailto:a@shop.example', 'tel:+123'),
);
const url = href.filter((address) => address !== '');
const imageUrl = fc.oneof(fc.tuple(tag, suffix).map(([first, rest]) => first + rest), suffix.map((rest) => `https://img.example/${rest}`), fc.constant('data:image/png;base64,iVBORw0KGgo='));
const webUrl = suffix.map((rest) => `https://web.example/${rest}`);

// Raw HTML written every way an address or an attribute can be: several tags, tags after other
// characters, entities, other quoting, tags in names, in scripts, in comments, in tables.
const RAW_HTML = [
  '<a href="{{contact.a}}">{{contact.b}}</a>', '<a href=" {{contact.a}}">x</a>', "<a href='{{contact.a}}{{contact.b}}'>x</a>",
  '<a href={{contact.a}}>x</a>', '<a href="&#106;{{contact.a}}">x</a>', '<a href="java&#9;{{contact.b}}">x</a>',
  '<a href="{{contact.a}}:alert(1)">x</a>', '<a href="javascript:{{contact.a}}">x</a>', '<img src="{{contact.a}}" alt="{{contact.b}}">',
  '<img src="x" {{contact.a}}="{{contact.b}}">', '<a {{contact.a}}>x</a>', '<p title="{{contact.a}}">{{contact.b}}</p>',
  '<{{contact.a}}>x', '<script>{{contact.a}}</script>', '<style>{{contact.a}}</style>', '<table><tr><td>{{contact.a}}</td></tr></table>',
  '<table>{{contact.a}}<tr><td>x</td></tr></table>', '<!-- {{contact.a}} -->', '<textarea>{{contact.a}}</textarea>',
  '<img src="data:text/html,x">', '<svg><a xlink:href="{{contact.a}}">x</a></svg>', '<iframe src="{{contact.a}}"></iframe>',
  '<img srcset="{{contact.a}} 1x, {{contact.b}} 2x">', '<form action="{{contact.a}}"><button formaction="{{contact.b}}">x</button></form>',
  '<video poster="{{contact.a}}"></video>', '<table background="{{contact.a}}"><tr><td>x</td></tr></table>',
  '<a title="{{contact.a}}"href="{{contact.b}}">x</a>', '<p style="color:red">{{contact.c}}</p>', '<a href="{{contact.a}}',
  '<p onclick="{{contact.a}}">x</p>', '<a href="https://x.example/{{contact.a}}">{{unsubscribe_url}}</a>', '{{contact.a}}&amp;{{contact.b}}',
];
const rawHtml = fc.array(fc.oneof(fc.constantFrom(...RAW_HTML), text), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));

const inline = fc.record({ text, href }, { requiredKeys: ['text'] });
const blocks = (withForm: boolean): fc.Arbitrary<Block> =>
  fc.oneof(
    fc.record({ type: fc.constant('text' as const), content: fc.array(fc.oneof(
      fc.record({ type: fc.constant('paragraph' as const), content: fc.array(inline, { minLength: 1, maxLength: 3 }) }),
      fc.record({ type: fc.constant('list' as const), ordered: fc.boolean(), items: fc.array(fc.array(inline, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }) }),
    ), { minLength: 1, maxLength: 2 }) }),
    fc.record({ type: fc.constant('heading' as const), level: fc.constantFrom(1, 2, 3, 4) as fc.Arbitrary<1 | 2 | 3 | 4>, content: fc.array(inline, { minLength: 1, maxLength: 2 }) }),
    fc.record({ type: fc.constant('image' as const), src: imageUrl, alt: text, href }, { requiredKeys: ['type', 'src'] }),
    fc.record({ type: fc.constant('button' as const), text, href }, { requiredKeys: ['type', 'text'] }),
    fc.record({ type: fc.constant('social' as const), links: fc.array(fc.record({ network: fc.constantFrom('x' as const, 'web' as const), href: url, label: text }, { requiredKeys: ['network', 'href'] }), { minLength: 1, maxLength: 2 }), style: fc.record({ showLabels: fc.boolean() }) }),
    fc.record({ type: fc.constant('menu' as const), items: fc.array(fc.record({ text, href }, { requiredKeys: ['text'] }), { minLength: 1, maxLength: 2 }) }),
    fc.record({ type: fc.constant('video' as const), url: webUrl, thumbnail: imageUrl, alt: text }, { requiredKeys: ['type', 'url', 'thumbnail'] }),
    fc.record({ type: fc.constant('html' as const), html: rawHtml }),
    fc.constant<Block>({ type: 'divider' }),
    fc.constant<Block>({ type: 'spacer', height: 10 }),
    ...(withForm
      ? [fc.record({
          type: fc.constant('form' as const), submitText: text.map((words) => words.slice(0, 100)), action: webUrl, successMessage: text,
          fields: fc.array(fc.record({ name: fc.constantFrom('email', 'name'), label: text, kind: fc.constantFrom('text' as const, 'email' as const, 'textarea' as const), placeholder: text }), { minLength: 1, maxLength: 1 }),
        }, { requiredKeys: ['type', 'submitText', 'fields'] })]
      : []),
  );

function design(mode: DesignMode): fc.Arbitrary<DesignDocument> {
  const block = blocks(mode === 'page' || mode === 'popup');
  const column = fc.record({ blocks: fc.array(block, { minLength: 1, maxLength: 3 }) });
  const row = fc.record(
    { columns: fc.array(column, { minLength: 1, maxLength: 2 }), style: fc.record({ backgroundColor: fc.constant('#ffffff'), backgroundImage: fc.record({ url: webUrl }) }) },
    { requiredKeys: ['columns'] },
  );
  const band = fc.record({ blocks: fc.array(block, { maxLength: 2 }) });
  const settings = {
    email: fc.record({ subject: text, preheader: text }),
    page: fc.record({ title: text, description: text }).map((own) => ({ ...SETTINGS.page, ...own })),
    popup: text.map((label) => ({ ...SETTINGS.popup, label })),
    document: fc.record({ title: text, header: band, footer: band }).map((own) => ({ ...SETTINGS.document, ...own })),
  }[mode];
  return fc.record({ settings, rows: fc.array(row, { minLength: 1, maxLength: 2 }) }).map(
    ({ settings, rows }) => ({ schemaVersion: 1, mode, settings, body: { rows } }) as DesignDocument,
  );
}

const designId = fc.constantFrom(undefined, 'D1', '{{contact.a}}', '"><script>alert(1)</script>');

function expectSafeAgainst(result: RenderResult, unmerged: RenderResult): void {
  expect(htmlProblems(result.html)).toEqual([]);
  expect(htmlProblems(result.chunks.body)).toEqual([]);
  const elements = parsedElements(result.html);
  const before = parsedElements(unmerged.html);
  expect(elements.map((element) => element.tag)).toEqual(before.map((element) => element.tag));
  let leftOut = false;
  elements.forEach((element, index) => {
    const names = new Set(element.attributes.map(([name]) => name));
    const written = before[index].attributes.map(([name]) => name);
    for (const name of names) expect(written).toContain(name);
    for (const name of written.filter((name) => !names.has(name))) {
      expect(['href', 'src', 'action', 'formaction', 'poster', 'background', 'srcset', 'style', 'xlink:href']).toContain(name);
      leftOut = true;
    }
  });
  if (leftOut) expect(result.warnings.some((warning) => warning.includes('so it was left out of the link or image'))).toBe(true);
  expect(result.chunks.js).toBe(unmerged.chunks.js);
  expect(result.chunks.css).toBe(unmerged.chunks.css);
}

// One row holding every raw HTML way of writing an address and every block, for many values on one layout.
const EVERY_WAY: Block[] = [
  { type: 'html', html: RAW_HTML.join('<br>') },
  { type: 'text', content: [{ type: 'paragraph', content: [{ text: '{{contact.a}}', href: '{{contact.a}}{{contact.b}}' }, { text: 'x', href: '{{contact.c}}?{{contact.a}}' }] }] },
  { type: 'image', src: '{{contact.a}}{{contact.b}}', alt: '{{contact.c}}', href: '{{unsubscribe_url}}{{contact.a}}' },
  { type: 'button', text: '{{contact.a}}', href: '{{preferences_url}}' },
  { type: 'social', links: [{ network: 'web', href: '{{contact.b}}{{contact.a}}', label: '{{contact.a}}' }], style: { showLabels: true } },
  { type: 'menu', items: [{ text: '{{contact.a}}', href: '{{contact.a}}' }] },
  { type: 'video', url: 'https://web.example/{{contact.a}}', thumbnail: '{{contact.b}}', alt: '{{contact.a}}' },
];

describe('merge, over random designs and hostile values', () => {
  it.each(MODES)('never makes a %s with every way of writing an address script-capable, whatever the values', (mode) => {
    const blocks = mode === 'page' || mode === 'popup'
      ? [...EVERY_WAY, { type: 'form', fields: [{ name: 'n', label: '{{contact.a}}', kind: 'text', placeholder: '{{contact.b}}' }], submitText: '{{contact.c}}', action: 'https://web.example/{{contact.a}}', successMessage: '{{contact.a}}' } as Block]
      : EVERY_WAY;
    const doc = { schemaVersion: 1, mode, settings: SETTINGS[mode], body: { rows: [{ style: { backgroundColor: '#ffffff', backgroundImage: { url: 'https://web.example/{{contact.a}}' } }, columns: [{ blocks }] }] } } as DesignDocument;
    expect(validateDesign(doc).valid).toBe(true);
    const layout = layoutDesign(doc);
    const unmerged = finishRender(layout);
    fc.assert(fc.property(merge, (values) => expectSafeAgainst(finishRender(layout, { merge: values }), unmerged)), { numRuns: 30 });
  });

  it.each(MODES)('never makes a %s script-capable, nor changes its elements and attributes', (mode) => {
    fc.assert(
      fc.property(design(mode), designId, fc.array(merge, { minLength: 1, maxLength: 2 }), (doc, id, merges) => {
        const validation = validateDesign(doc);
        expect(validation.valid ? [] : validation.errors).toEqual([]);
        const layout = layoutDesign(doc, { designId: id });
        const unmerged = finishRender(layout);
        expect(htmlProblems(unmerged.html)).toEqual([]);
        for (const values of merges) expectSafeAgainst(finishRender(layout, { merge: values }), unmerged);
      }),
      { numRuns: 20 },
    );
  });
});
