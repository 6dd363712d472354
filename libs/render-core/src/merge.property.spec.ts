import fc from 'fast-check';
import type { Block, DesignDocument } from '@embed/design-document';
import { validateDesign } from '@embed/design-document';
import { layoutDesign } from './layout';
import { finishRender } from './render';
import { design, MODES, RAW_HTML, SETTINGS } from './testing/arbitrary-design';
import { htmlProblems, parsedElements } from './testing/audit-html';
import type { MergeValues, RenderResult } from './types';

// Random designs of every mode and block, merged with random and hostile values: whatever
// the values, the HTML (whole and its body chunk) holds no script-capable address, no event
// handler and no refused element, and has exactly the elements and attributes of the same
// layout left unmerged, less the addresses left out (each with its warning). Scripts and
// stylesheets are never touched by a merge.

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
