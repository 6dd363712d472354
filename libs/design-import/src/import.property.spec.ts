// Random and hostile sources: an import never throws (but SourceUnreadable for what is not
// the format at all), never makes a document our schema refuses, never carries anything
// executable, and takes time linear in the source.
import fc from 'fast-check';
import { DomUtils, parseDocument } from 'htmlparser2';
import { type Block, type DesignDocument, validateDesign } from '@embed/design-document';
import type { ImportFormat } from '@embed/contracts';
import { importDesign, SourceUnreadable } from './index';

const HOSTILE = [
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD4=',
  '" onerror="alert(1)',
  "' onmouseover='x()",
  '<img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  'expression(alert(1))',
  'url(javascript:alert(1))',
  '__proto__',
  'constructor',
  '{{contact.first_name}}',
  '*|FNAME|*',
  '\u0000',
  '\ud800',
  '\u202e',
  'https://ok.example/a b',
  '#fff',
  '12px',
  '150%',
];
const hostile = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom('x'.repeat(20_000)));

/** Where code could run in our document: raw HTML's elements and attributes, and every address (which the schema already holds to safe schemes). */
function executable(design: DesignDocument): string[] {
  const found: string[] = [];
  const blocks: Block[] = design.body.rows.flatMap((row) => row.columns.flatMap((column) => column.blocks));
  for (const block of blocks) {
    if (block.type !== 'html') continue;
    for (const element of DomUtils.findAll(() => true, parseDocument(block.html).children)) {
      if (['script', 'iframe', 'svg', 'object', 'embed', 'style'].includes(element.name)) found.push(`<${element.name}>`);
      for (const [name, value] of Object.entries(element.attribs))
        if (/^on/i.test(name) || /^\s*(?:javascript|vbscript|data:text)/i.test(value) || (name === 'style' && /expression\s*\(|url\s*\(/i.test(value))) found.push(`${name}="${value}"`);
    }
  }
  const addresses = JSON.stringify(design).match(/"(?:href|src|url|thumbnail)":"[^"]*"/g) ?? [];
  for (const address of addresses) if (/"(?:href|src|url|thumbnail)":"\s*(?:javascript|vbscript|data:text)/i.test(address)) found.push(address);
  return found;
}

const MAX_MS = 2_000;

function check(format: ImportFormat, source: unknown, mergeTags?: Record<string, string>) {
  const started = performance.now();
  let result;
  try {
    result = importDesign({ format, source, mode: 'email', mergeTags });
  } catch (error) {
    if (error instanceof SourceUnreadable) return;
    throw error;
  }
  const took = performance.now() - started;
  const validation = validateDesign(result.design);
  if (!validation.valid) throw new Error(`invalid: ${validation.errors.join('; ')}`);
  expect(executable(result.design)).toEqual([]);
  expect(took).toBeLessThan(MAX_MS);
}

// MJML built from its elements, with hostile attribute values and contents everywhere.
const attribute = fc.tuple(
  fc.constantFrom('src', 'href', 'alt', 'color', 'background-color', 'background-url', 'padding', 'width', 'font-family', 'font-size', 'line-height', 'border', 'name', 'mj-class', 'onclick', '__proto__', 'height', 'icon-size', 'align'),
  hostile,
);
const attributes = fc.array(attribute, { maxLength: 5 }).map((pairs) => pairs.map(([name, value]) => ` ${name}="${value.replace(/"/g, '&quot;')}"`).join(''));
const { node: mjmlNode } = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostile,
    fc
      .tuple(
        fc.constantFrom('mj-section', 'mj-column', 'mj-text', 'mj-image', 'mj-button', 'mj-divider', 'mj-spacer', 'mj-social', 'mj-social-element', 'mj-navbar', 'mj-navbar-link', 'mj-raw', 'mj-hero', 'mj-wrapper', 'mj-group', 'mj-table', 'p', 'a', 'b', 'ul', 'li', 'img', 'script', 'mj-include', '__proto__'),
        attributes,
        fc.array(tie('node'), { maxLength: 4 }),
      )
      .map(([name, attrs, children]) => `<${name}${attrs}>${children.join('')}</${name}>`),
  ),
}));
const mjmlSource = fc.array(mjmlNode, { maxLength: 6 }).map((nodes) => `<mjml><mj-head><mj-title>t</mj-title></mj-head><mj-body>${nodes.join('')}</mj-body></mjml>`);

// Unlayer designs of rows, columns and contents whose every value may be hostile or of the wrong type.
const anyValue = fc.oneof(hostile, fc.anything({ maxDepth: 2 }), fc.record({ name: fc.constant('web'), values: fc.record({ href: hostile }) }), fc.record({ url: hostile, width: fc.anything() }));
const values = fc.dictionary(
  fc.constantFrom('text', 'html', 'href', 'src', 'altText', 'action', 'textJson', 'buttonColors', 'icons', 'menu', 'video', 'headingType', 'color', 'fontSize', 'lineHeight', 'containerPadding', 'padding', 'hideDesktop', '_override', '__proto__', 'constructor', 'textAlign', 'border', 'backgroundImage', 'backgroundColor'),
  anyValue,
  { maxKeys: 8 },
);
const content = fc.record({ type: fc.oneof(fc.constantFrom('text', 'heading', 'image', 'button', 'divider', 'social', 'menu', 'html', 'video', 'timer'), hostile), values });
const column = fc.record({ contents: fc.array(content, { maxLength: 5 }), values });
const row = fc.record({ cells: fc.array(fc.anything({ maxDepth: 0 }), { maxLength: 6 }), columns: fc.array(column, { maxLength: 6 }), values });
const unlayerSource = fc.record({ body: fc.record({ rows: fc.array(row, { maxLength: 5 }), values }) });

const { node: lexicalNode } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.record({ type: fc.constant('text'), text: hostile, format: fc.integer(), style: hostile }),
    fc.record({ type: fc.constantFrom('paragraph', 'link', 'list', 'listitem', 'heading', '__proto__'), url: hostile, listType: hostile, children: fc.array(tie('node'), { maxLength: 4 }) }),
  ),
}));

describe('imports of random and hostile sources', () => {
  it('MJML: never throws, is always valid, carries nothing executable, in bounded time', () => {
    fc.assert(fc.property(mjmlSource, (source) => check('mjml', source, { '*|FNAME|*': '{{contact.first_name}}' })), { numRuns: 300 });
  });

  it('MJML: any text at all is read or refused as unreadable, never thrown otherwise', () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (source) => check('mjml', `<mjml><mj-body>${source}</mj-body></mjml>`)), { numRuns: 300 });
    fc.assert(fc.property(fc.anything(), (source) => check('mjml', source)), { numRuns: 100 });
  });

  it('Unlayer: never throws, is always valid, carries nothing executable, in bounded time', () => {
    fc.assert(fc.property(unlayerSource, (source) => check('unlayer', source, { '[unsubscribe]': '{{unsubscribe_url}}', __proto__: '{{x}}' } as Record<string, string>)), { numRuns: 300 });
    fc.assert(fc.property(fc.anything(), (source) => check('unlayer', source)), { numRuns: 200 });
  });

  it('Unlayer: textJson trees of any shape', () => {
    const design = (root: unknown) => ({ body: { rows: [{ columns: [{ contents: [{ type: 'text', values: { textJson: JSON.stringify({ root: { children: [root] } }) } }] }] }] } });
    fc.assert(fc.property(lexicalNode, (root) => check('unlayer', design(root))), { numRuns: 300 });
  });

  it('deep nesting, huge strings and many blocks stay within the schema and the time bound', () => {
    const deep = `${'<b>'.repeat(50_000)}deep${'</b>'.repeat(50_000)}`;
    check('mjml', `<mjml><mj-body><mj-section><mj-column><mj-text>${deep}</mj-text><mj-raw>${'<div>'.repeat(50_000)}</mj-raw></mj-column></mj-section></mj-body></mjml>`);
    check('mjml', `<mjml><mj-body><mj-section><mj-column><mj-text>${'a '.repeat(500_000)}</mj-text></mj-column></mj-section></mj-body></mjml>`);
    check('mjml', `<mjml><mj-body>${'<mj-section><mj-column><mj-text>x</mj-text><mj-spacer/></mj-column></mj-section>'.repeat(5_000)}</mj-body></mjml>`);
    let nested: unknown = { type: 'text', text: 'x' };
    for (let i = 0; i < 5_000; i++) nested = { type: 'paragraph', children: [nested] };
    check('unlayer', { body: { rows: [{ columns: [{ contents: [{ type: 'text', values: { textJson: { root: { children: [nested] } } } }] }] }] } });
    const columns = Array.from({ length: 9 }, () => ({ contents: Array.from({ length: 200 }, () => ({ type: 'text', values: { text: '<p>x</p>' } })) }));
    check('unlayer', { body: { rows: Array.from({ length: 300 }, () => ({ columns })) } });
  });
});
