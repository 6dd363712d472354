import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { Block, DesignDocument, DesignMode } from '@embed/design-document';

// Random valid designs of every mode and block, for property tests: text holds merge tags
// among the characters HTML cares about, addresses are written every way the schema allows,
// raw HTML every way an address or an attribute can be written.

export const MODES: DesignMode[] = ['email', 'page', 'popup', 'document'];
export const example = (mode: DesignMode): DesignDocument =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs', `${mode}.json`), 'utf8'));
// The examples' settings without their translations (the random designs hold one language).
export const SETTINGS = Object.fromEntries(MODES.map((mode) => [mode, { ...example(mode).settings, translations: undefined }]));

const TAGS = ['{{contact.a}}', '{{contact.b}}', '{{ contact.c }}', '{{unsubscribe_url}}', '{{preferences_url}}', '{{contact.unset}}'];
const tag = fc.constantFrom(...TAGS);
const addressTag = fc.constantFrom(...TAGS.filter((written) => !written.includes(' ')));

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
export const RAW_HTML = [
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

export function design(mode: DesignMode): fc.Arbitrary<DesignDocument> {
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
