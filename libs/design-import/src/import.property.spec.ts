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

/** Attributes a browser reads as an address (and so could follow to a javascript: one); in others such text is only text. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'background', 'poster', 'xlink:href', 'data', 'srcset', 'cite', 'lowsrc', 'dynsrc', 'ping']);

/** Where code could run in our document: raw HTML's elements and attributes, and every address (which the schema already holds to safe schemes). */
function executable(design: DesignDocument): string[] {
  const found: string[] = [];
  const blocks: Block[] = design.body.rows.flatMap((row) => row.columns.flatMap((column) => column.blocks));
  for (const block of blocks) {
    if (block.type !== 'html') continue;
    for (const element of DomUtils.findAll(() => true, parseDocument(block.html).children)) {
      if (['script', 'iframe', 'svg', 'object', 'embed', 'style'].includes(element.name)) found.push(`<${element.name}>`);
      for (const [name, value] of Object.entries(element.attribs))
        if (/^on/i.test(name) || (URL_ATTRIBUTES.has(name) && /^\s*(?:javascript|vbscript|data:text)/i.test(value)) || (name === 'style' && /expression\s*\(|url\s*\(/i.test(value))) found.push(`${name}="${value}"`);
    }
  }
  const addresses = JSON.stringify(design).match(/"(?:href|src|url|thumbnail)":"[^"]*"/g) ?? [];
  for (const address of addresses) if (/"(?:href|src|url|thumbnail)":"\s*(?:javascript|vbscript|data:text)/i.test(address)) found.push(address);
  return found;
}

/** Runs of text that link to nowhere: a link left out must leave its words as text. */
function linksToNowhere(design: DesignDocument): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const node = value as Record<string, unknown>;
    if (typeof node['text'] === 'string' && node['href'] === '') found.push(node['text']);
    visit(node['content']);
    visit(node['items']);
  };
  for (const row of design.body.rows) for (const column of row.columns) for (const block of column.blocks) if ('content' in block) visit(block.content);
  return found;
}

/** The processor time one import may take: counted on its own thread, so a loaded machine's waits do not count. */
const MAX_MS = 2_000;
const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

function check(format: ImportFormat, source: unknown, mergeTags?: Record<string, string>) {
  const started = process.cpuUsage();
  let result;
  try {
    result = importDesign({ format, source, mode: 'email', mergeTags });
  } catch (error) {
    if (error instanceof SourceUnreadable) return;
    throw error;
  }
  const took = cpuMsSince(started);
  const validation = validateDesign(result.design);
  if (!validation.valid) throw new Error(`invalid: ${validation.errors.join('; ')}`);
  expect(executable(result.design)).toEqual([]);
  expect(linksToNowhere(result.design)).toEqual([]);
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

// Beefree templates of rows, columns and modules whose every value may be hostile or of the wrong type.
const css = fc.dictionary(
  fc.constantFrom('padding-top', 'padding', 'background-color', 'background-image', 'color', 'font-size', 'font-family', 'line-height', 'text-align', 'border-top', 'width', 'height', 'border-radius', '__proto__'),
  fc.oneof(hostile, fc.anything({ maxDepth: 1 }), hostile.map((text) => `url("${text}")`)),
  { maxKeys: 5 },
);
const part = fc.record({ html: hostile, text: hostile, label: hostile, title: hostile, src: hostile, href: hostile, alt: hostile, thumbSrc: hostile, style: css }, { requiredKeys: [] });
const descriptor = fc.record(
  {
    text: part, paragraph: part, heading: part, list: part, image: part, button: part, video: part, html: part, style: css,
    divider: fc.record({ style: css }), spacer: fc.record({ style: css }),
    computedStyle: fc.record({ class: hostile, width: anyValue, hideContentOnMobile: fc.boolean(), align: hostile, iconsDefaultWidth: anyValue }, { requiredKeys: [] }),
    iconsList: fc.record({ icons: fc.array(fc.record({ name: hostile, image: part }), { maxLength: 14 }) }),
    menuItemsList: fc.record({ items: fc.array(fc.record({ text: hostile, link: fc.record({ href: hostile }) }), { maxLength: 14 }), separator: hostile }),
  },
  { requiredKeys: [] },
);
const moduleType = fc.oneof(
  fc.constantFrom('text', 'paragraph', 'heading', 'list', 'image', 'button', 'divider', 'spacer', 'social', 'menu', 'html', 'video', 'addon', '__proto__').map((kind) => `mailup-bee-newsletter-modules-${kind}`),
  hostile,
);
const beeColumn = fc.record({ 'grid-columns': fc.oneof(fc.integer({ min: -5, max: 20 }), hostile), style: css, modules: fc.array(fc.record({ type: moduleType, descriptor }), { maxLength: 5 }) });
const beeRow = fc.record({ columns: fc.array(beeColumn, { maxLength: 6 }), content: fc.record({ style: css, computedStyle: fc.dictionary(hostile, fc.anything({ maxDepth: 0 }), { maxKeys: 3 }) }), container: fc.record({ style: css }) });
const beefreeSource = fc.record({ page: fc.record({ title: hostile, description: hostile, rows: fc.array(beeRow, { maxLength: 5 }), body: fc.record({ webFonts: fc.array(fc.record({ name: hostile, url: hostile }), { maxLength: 7 }), content: fc.record({ style: css, computedStyle: css }) }) }) });

// HTML of the elements emails and pages are made of, with hostile attributes and text everywhere.
const htmlAttribute = fc.tuple(
  fc.constantFrom('src', 'href', 'alt', 'style', 'bgcolor', 'width', 'align', 'valign', 'background', 'color', 'onclick', 'onerror', 'rel', '__proto__'),
  fc.oneof(hostile, fc.constantFrom('background-color:#123456', 'display:none', 'display:flex', 'float:left', 'padding:10px', 'background-image:url(javascript:alert(1))')),
);
const htmlAttributes = fc.array(htmlAttribute, { maxLength: 4 }).map((pairs) => pairs.map(([name, value]) => ` ${name}="${value.replace(/"/g, '&quot;')}"`).join(''));
const { node: htmlNode } = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostile,
    fc
      .tuple(
        fc.constantFrom('table', 'tbody', 'tr', 'td', 'th', 'div', 'section', 'header', 'center', 'p', 'h1', 'h5', 'a', 'img', 'hr', 'ul', 'li', 'b', 'span', 'font', 'script', 'style', 'iframe', 'form', 'svg', 'link', 'title', 'noscript', 'constructor', '__proto__'),
        htmlAttributes,
        fc.array(tie('node'), { maxLength: 4 }),
      )
      .map(([name, attrs, children]) => `<${name}${attrs}>${children.join('')}</${name}>`),
  ),
}));
const htmlSource = fc.array(htmlNode, { maxLength: 6 }).map((nodes) => `<!DOCTYPE html><html><head><title>t</title></head><body>${nodes.join('')}</body></html>`);

describe('imports of random and hostile sources', () => {
  it('MJML: never throws, is always valid, carries nothing executable, in bounded time', () => {
    fc.assert(fc.property(mjmlSource, (source) => check('mjml', source, { '*|FNAME|*': '{{contact.first_name}}' })), {
      numRuns: 300,
      // Found by this property: an image of raw MJML kept a data:text/html address, which sanitize-html takes for an image's data.
      examples: [['<mjml><mj-head><mj-title>t</mj-title></mj-head><mj-body><mj-raw><mj-section><img src="data:text/html;base64,PHNjcmlwdD4="></img></mj-section></mj-raw></mj-body></mjml>']],
    });
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

  it('Beefree: never throws, is always valid, carries nothing executable, in bounded time', () => {
    fc.assert(fc.property(beefreeSource, (source) => check('beefree', source, { '[unsubscribe]': '{{unsubscribe_url}}' })), { numRuns: 300 });
    fc.assert(fc.property(fc.anything(), (source) => check('beefree', source)), { numRuns: 200 });
  });

  it('HTML: never throws, is always valid, carries nothing executable, in bounded time', () => {
    fc.assert(fc.property(htmlSource, (source) => check('html', source, { '*|FNAME|*': '{{contact.first_name}}' })), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (source) => check('html', source)), { numRuns: 300 });
    fc.assert(fc.property(fc.anything(), (source) => check('html', source)), { numRuns: 100 });
  });

  it('deep nesting, huge strings and many blocks stay within the schema and the time bound', () => {
    const deep = `${'<b>'.repeat(50_000)}deep${'</b>'.repeat(50_000)}`;
    check('mjml', `<mjml><mj-body><mj-section><mj-column><mj-text>${deep}</mj-text><mj-raw>${'<div>'.repeat(50_000)}</mj-raw></mj-column></mj-section></mj-body></mjml>`);
    check('mjml', `<mjml><mj-body><mj-section><mj-column><mj-text>${'a '.repeat(500_000)}</mj-text></mj-column></mj-section></mj-body></mjml>`);
    check('mjml', `<mjml><mj-body>${'<mj-section><mj-column><mj-text>x</mj-text><mj-spacer/></mj-column></mj-section>'.repeat(5_000)}</mj-body></mjml>`);
    let nested: unknown = { type: 'text', text: 'x' };
    for (let i = 0; i < 5_000; i++) nested = { type: 'paragraph', children: [nested] };
    check('unlayer', { body: { rows: [{ columns: [{ contents: [{ type: 'text', values: { textJson: { root: { children: [nested] } } } }] }] }] } });
    check('html', `${'<table><tr><td>'.repeat(5_000)}deep${'</td></tr></table>'.repeat(5_000)}`);
    check('html', `${'<div>'.repeat(60_000)}deep`);
    check('html', `<table><tr>${'<td>cell</td>'.repeat(5_000)}</tr></table><p>${'a '.repeat(500_000)}</p>`);
    check('html', `<table>${'<tr><td><p>x</p><img src="https://a.example/i.png"></td></tr>'.repeat(6_000)}</table>`);
    check('beefree', { page: { rows: Array.from({ length: 300 }, () => ({ columns: Array.from({ length: 9 }, () => ({ modules: Array.from({ length: 60 }, () => ({ type: 'mailup-bee-newsletter-modules-paragraph', descriptor: { paragraph: { html: '<p>x</p>' } } })) })) })) } });
    check('beefree', { page: { rows: [{ columns: [{ modules: [{ type: 'mailup-bee-newsletter-modules-html', descriptor: { html: { html: `${'<div>'.repeat(60_000)}x` } } }] }] }] } });
    const columns = Array.from({ length: 9 }, () => ({ contents: Array.from({ length: 200 }, () => ({ type: 'text', values: { text: '<p>x</p>' } })) }));
    check('unlayer', { body: { rows: Array.from({ length: 300 }, () => ({ columns })) } });
  });
});
