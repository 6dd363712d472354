import type { Block, DesignDocument, EmailDesign, PageDesign } from '@embed/design-document';
import { validateDesign } from '@embed/design-document';
import { render } from './render';
import { htmlProblems, htmlShape, parsedElements } from './testing/audit-html';

// The cases of issue 12: an address is judged whole, once every tag in it is filled and as a
// browser decodes it, wherever it is; a value never adds an attribute or an element.

const rows = (blocks: Block[]) => [{ columns: [{ blocks }] }];
const email = (blocks: Block[]): EmailDesign => ({ schemaVersion: 1, mode: 'email', settings: { subject: 'S' }, body: { rows: rows(blocks) } });
const page = (blocks: Block[]): PageDesign => ({ schemaVersion: 1, mode: 'page', settings: { title: 'T' }, body: { rows: rows(blocks) } });
const html = (markup: string): Block => ({ type: 'html', html: markup });

function rendered(doc: DesignDocument, contact: Record<string, string>) {
  const validation = validateDesign(doc);
  expect(validation.valid ? [] : validation.errors).toEqual([]);
  return render(doc, { merge: { contact } });
}

const attributeValues = (markup: string, name: string) =>
  parsedElements(markup).flatMap((element) => element.attributes.filter(([key]) => key === name).map(([, value]) => value));

const leftOut = (address: string) =>
  `The address ${address} is not an http(s), mailto or tel address once its merge tags are filled in, so it was left out of the link or image it was for.`;

const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '  javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
];

// Every field of a block that takes an address, each from one tag.
const EVERY_ADDRESS_FIELD: Block[] = [
  { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'run', href: '{{contact.a}}' }] }] },
  { type: 'heading', level: 2, content: [{ text: 'heading', href: '{{contact.a}}' }] },
  { type: 'image', src: '{{contact.a}}', alt: 'image', href: '{{contact.a}}' },
  { type: 'button', text: 'button', href: '{{contact.a}}' },
  { type: 'social', links: [{ network: 'web', href: '{{contact.a}}' }] },
  { type: 'menu', items: [{ text: 'menu', href: '{{contact.a}}' }] },
  { type: 'video', url: 'https://video.example/1', thumbnail: '{{contact.a}}', alt: 'video' },
  html('<a href="{{contact.a}}">raw</a><img src="{{contact.a}}" alt="">'),
];

describe('merged addresses', () => {
  it.each(HOSTILE)('leaves %j out of every link and image of every block, in the HTML and the text, and says so', (value) => {
    for (const doc of [email(EVERY_ADDRESS_FIELD), page(EVERY_ADDRESS_FIELD)]) {
      const result = rendered(doc, { a: value });
      expect(htmlProblems(result.html)).toEqual([]);
      expect(htmlProblems(result.chunks.body)).toEqual([]);
      expect(result.chunks.body).not.toMatch(/script:|data:text|data:image\/svg/i);
      expect(result.text).not.toMatch(/script:|data:/i);
      expect(result.warnings).toContain(leftOut('{{contact.a}}'));
    }
  });

  it('judges an address made of several tags as a whole', () => {
    const blocks: Block[] = [{ type: 'button', text: 'Go', href: '{{contact.a}}{{contact.b}}' }, html('<a href="{{contact.a}}{{contact.b}}">x</a>')];
    for (const [a, b] of [['java', 'script:alert(1)'], ['', 'javascript:alert(1)'], ['javascript', ':alert(1)']]) {
      const result = rendered(page(blocks), { a, b });
      expect(attributeValues(result.html, 'href')).toEqual([]);
      expect(result.warnings).toContain(leftOut('{{contact.a}}{{contact.b}}'));
    }
    const safe = rendered(page(blocks), { a: 'https://shop.example/', b: 'a?b=1&c=2' });
    expect(attributeValues(safe.html, 'href')).toEqual(['https://shop.example/a?b=1&c=2', 'https://shop.example/a?b=1&c=2']);
    expect(safe.warnings.join(' ')).not.toMatch(/left out/);
  });

  it.each([
    ['a tag after spaces', '<a href=" {{contact.a}}">x</a>', 'javascript:alert(1)'],
    ['a tag after an encoded letter', '<a href="&#106;{{contact.a}}">x</a>', 'avascript:alert(1)'],
    ['a tag after a tab', '<a href="java&#9;{{contact.a}}">x</a>', 'script:alert(1)'],
    ['single quotes', "<a href='{{contact.a}}'>x</a>", 'javascript:alert(1)'],
    ['no quotes', '<a href={{contact.a}}>x</a>', 'javascript:alert(1)'],
    ['an image in raw HTML', '<img src="{{contact.a}}" alt="">', 'data:text/html,<script>alert(1)</script>'],
  ])('judges an address in raw HTML written with %s', (_case, markup, value) => {
    // mrml writes a tab inside an attribute as the two characters \t, which makes a relative address: so only the page is sure to warn.
    expect(htmlProblems(rendered(email([html(markup)]), { a: value }).html)).toEqual([]);
    const result = rendered(page([html(markup)]), { a: value });
    expect(htmlProblems(result.html)).toEqual([]);
    expect([...attributeValues(result.chunks.body, 'href'), ...attributeValues(result.chunks.body, 'src')]).toEqual([]);
    expect(result.warnings.some((warning) => warning.endsWith('once its merge tags are filled in, so it was left out of the link or image it was for.'))).toBe(true);
  });

  it('never lets a value add an attribute or an element, in raw HTML or anywhere else', () => {
    const markup = '<p title="{{contact.a}}">{{contact.a}}</p><a {{contact.a}}="x" href="https://x.example/{{contact.a}}">{{contact.a}}</a>';
    const blocks: Block[] = [
      html(markup),
      { type: 'text', content: [{ type: 'paragraph', content: [{ text: '{{contact.a}}', href: 'https://x.example/?q={{contact.a}}' }] }] },
      { type: 'image', src: 'https://img.example/{{contact.a}}.png', alt: '{{contact.a}}' },
      { type: 'form', fields: [{ name: 'email', label: '{{contact.a}}', kind: 'email', placeholder: '{{contact.a}}' }], submitText: '{{contact.a}}', successMessage: '{{contact.a}}' },
    ];
    const doc = page(blocks);
    const neutral = rendered(doc, {});
    for (const value of ['"><script>alert(1)</script>', "' onerror='alert(1)", '" onmouseover="alert(1)" x="', '</p><iframe src=javascript:alert(1)>', 'onclick']) {
      const result = rendered(doc, { a: value });
      expect(htmlShape(result.html)).toEqual(htmlShape(neutral.html));
      expect(htmlProblems(result.html)).toEqual([]);
    }
  });

  it('keeps safe addresses as filled: http(s), mailto, tel, relative, anchors and inline images for images', () => {
    const blocks: Block[] = [
      { type: 'button', text: 'Go', href: '{{contact.a}}' },
      { type: 'image', src: '{{contact.a}}', alt: 'x' },
    ];
    for (const value of ['https://x.example/a?b=1', 'http://x.example', 'mailto:a@x.example', 'tel:+4912345', '/relative/path', '#top', '?q=1']) {
      const result = rendered(email(blocks), { a: value });
      expect(attributeValues(result.html, 'href')).toContain(value);
      expect(result.warnings.join(' ')).not.toMatch(/left out/);
    }
    const pixel = 'data:image/png;base64,iVBORw0KGgo=';
    const image = rendered(email(blocks), { a: pixel });
    expect(attributeValues(image.html, 'src')).toContain(pixel);
    expect(attributeValues(image.html, 'href')).not.toContain(pixel);
    expect(image.warnings).toContain(leftOut('{{contact.a}}'));
  });

  it('keeps a value inside the address of a background image, in email and on the page', () => {
    const background = (mode: 'email' | 'page'): DesignDocument => ({
      ...(mode === 'email' ? email([]) : page([])),
      body: { rows: [{ style: { backgroundColor: '#ffffff', backgroundImage: { url: 'https://img.example/{{contact.a}}' } }, columns: [{ blocks: [] }] }] },
    } as DesignDocument);
    for (const mode of ['email', 'page'] as const) {
      const result = rendered(background(mode), { a: "x') , url(javascript:alert(1)) ; background:url('y" });
      expect(htmlProblems(result.html)).toEqual([]);
      const styles = attributeValues(result.html, 'style').filter((style) => style.includes('img.example'));
      expect(styles.length).toBeGreaterThan(0);
      for (const style of styles) expect(style.match(/url\(/g)).toHaveLength(1);
    }
  });

  it('leaves out an unsafe address the raw HTML itself holds, and says so', () => {
    const result = rendered(email([html('<img src="data:text/html;base64,PHNjcmlwdD4=" alt="x"><img src="data:image/gif;base64,R0lGOD==" alt="y">')]), {});
    expect(attributeValues(result.html, 'src')).toContain('data:image/gif;base64,R0lGOD==');
    expect(result.html).not.toContain('data:text/html');
    expect(result.warnings).toContain(
      'The address data:text/html;base64,PHNjcmlwdD4= is not an http(s), mailto or tel address, so it was left out of the link or image it was for.',
    );
  });

  it('fills no tag inside a script: a design id stays as written there and in chunks.js', () => {
    const doc = page([{ type: 'form', fields: [{ name: 'n', label: 'N', kind: 'text' }], submitText: 'Send' }]);
    const result = render(doc, { designId: '{{contact.a}}', merge: { contact: { a: 'x);alert(1);//\\' } } });
    expect(result.chunks.js).toContain('"{{contact.a}}"');
    const script = parsedElements(result.html).filter((element) => element.tag === 'script');
    expect(script).toHaveLength(1);
    expect(result.html).not.toContain('alert(1)";');
    expect(result.html.slice(result.html.indexOf('<script>'))).toContain('"{{contact.a}}"');
  });
});
