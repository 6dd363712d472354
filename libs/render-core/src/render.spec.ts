import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DesignDocument, EmailDesign } from '@embed/design-document';
import { validateDesign } from '@embed/design-document';
import { GMAIL_CLIP_BYTES } from '@embed/design-checks';
import { finishRender, render } from './render';
import { layoutDesign } from './layout';
import { RENDERER_VERSION } from './version';

const example = <T extends DesignDocument>(mode: string): T =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/examples/designs', `${mode}.json`), 'utf8'));

describe('render', () => {
  it.each(['email', 'page', 'popup', 'document'])('renders the %s example in its mode with every Rendered field', (mode) => {
    const doc = example(mode);
    expect(validateDesign(doc).valid).toBe(true);
    const result = render(doc);
    expect(Object.keys(result).sort()).toEqual(
      ['bytes', 'chunks', 'design', 'html', 'mergeTags', 'mode', 'preheader', 'rendererVersion', 'subject', 'text', 'warnings'].sort(),
    );
    expect(Object.keys(result.chunks).sort()).toEqual(['body', 'css', 'fonts', 'js']);
    expect(result.mode).toBe(mode);
    expect(result.rendererVersion).toBe(RENDERER_VERSION);
    expect(result.bytes).toBe(Buffer.byteLength(result.html));
    expect(result.design).toBe(doc);
    expect(result.chunks.body).not.toMatch(/<script/i);
    expect(result.text.length).toBeGreaterThan(100);
  });

  it('writes the email as mail clients need it: tables, Outlook conditionals, inline styles, no script', () => {
    const result = render(example('email'));
    expect(result.html).toMatch(/<table[^>]*role="presentation"/);
    expect(result.html).toContain('<!--[if mso | IE]>');
    expect(result.html).toMatch(/<td[^>]*bgcolor="#1f5f4a"[^>]*style="[^"]*mso-padding-alt/); // bulletproof button
    expect(result.html).toMatch(/@media only screen and \(min-width:480px\) \{[^@]*\.mj-column-per-50 \{ width:50% !important/); // columns stack below 480px
    expect(result.html).toMatch(/<a href="[^"]+" target="_blank" style="color:#1f5f4a">/); // link colour inline
    expect(result.html).not.toMatch(/<script/i);
    expect(result.chunks.js).toBe('');
    expect(result.chunks.fonts).toEqual(['https://fonts.googleapis.com/css2?family=Inter:wght@400;600;700&display=swap']);
    expect(result.subject).toBe('{{contact.first_name}}, the spring collection is here');
    expect(result.mergeTags).toEqual(['{{contact.first_name}}', '{{preferences_url}}', '{{unsubscribe_url}}']);
  });

  it('makes the page a semantic responsive document with its form and fonts', () => {
    const result = render(example('page'), { designId: 'D1' });
    expect(result.html).toMatch(/^<!DOCTYPE html>/);
    expect(result.html).toContain('<main class="ed ed-page" data-design-id="D1">');
    expect(result.html).toContain('<meta name="description"');
    expect(result.chunks.css).toContain('grid-template-columns:var(--ed-columns)');
    expect(result.chunks.css).toMatch(/@media \(max-width:639px\)\{\.ed-stack\{grid-template-columns:1fr\}/);
    expect(result.chunks.body).toContain('<form class="ed-form"');
    expect(result.chunks.js).toContain("'embed:form-submit'");
    expect(result.chunks.js).toContain('"D1"');
  });

  it('gives the popup its handle, trigger, close memory and design id on the form event', () => {
    const result = render(example('popup'));
    const id = example('popup').id as string;
    expect(result.chunks.body).toContain(`data-design-id="${id}"`);
    expect(result.chunks.body).toMatch(/role="dialog" aria-modal="true" aria-label="Sign up for 10% off your first order"/);
    expect(result.chunks.js).toContain('window.embedPopups[config.designId]');
    expect(result.chunks.js).toContain('"trigger":{"type":"delay","seconds":8}');
    expect(result.chunks.js).toContain('"frequency":{"type":"everyDays","days":7}');
    expect(result.chunks.js).toContain("'embed:form-submit'");
    expect(result.html.indexOf('<script>')).toBeGreaterThan(result.html.indexOf('data-embed-popup'));
  });

  it('prints the document with @page, page breaks and a repeating header and footer', () => {
    const result = render(example('document'));
    expect(result.chunks.css).toContain('@page{size:A4 portrait;margin:18mm 16mm 18mm 16mm;@bottom-right{content:counter(page) " / " counter(pages)');
    expect(result.chunks.css).toContain('.ed-break{break-before:page}');
    expect(result.chunks.body).toMatch(/<thead><tr><td><header class="edd-header"/);
    expect(result.chunks.body).toMatch(/<tfoot><tr><td><footer class="edd-footer"/);
    expect(result.chunks.body.match(/class="ed-row ed-break"/g)).toHaveLength(2);
    expect(result.chunks.js).toBe('');
  });

  it('shapes the plain text by links, images and preheader', () => {
    const doc = example<EmailDesign>('email');
    const plain = render(doc).text;
    expect(plain).toContain('Shop the collection [https://northwind-outfitters.example/spring?utm_source=newsletter]');
    expect(plain).not.toContain('[Linen shirt in sage]');
    expect(plain).not.toContain('New linen shirts');
    expect(plain).toContain('Hi {{contact.first_name}}, spring is in the air'); // headings keep their case
    const shaped = render(doc, { text: { links: false, images: true, preheader: true } }).text;
    expect(shaped.startsWith('New linen shirts and field jackets, picked for {{contact.first_name}}.')).toBe(true);
    expect(shaped).toContain('[Linen shirt in sage]');
    expect(shaped).toContain('Shop the collection\n');
    expect(shaped).not.toContain('https://');
  });

  it('warns in words: the design checks, then raw HTML taken out, then clipping', () => {
    const doc = example<EmailDesign>('email');
    const blocks = doc.body.rows[1].columns[0].blocks;
    blocks.push(
      { type: 'image', src: 'data:image/png;base64,iVBORw0KGgo=' },
      { type: 'button', text: 'Nowhere', href: '' },
      { type: 'html', html: '<p onclick="steal()">Hi</p><script>steal()</script><a href="javascript:steal()">x</a><iframe src="https://x.example"></iframe>' },
      { type: 'html', html: `<p>${'Long text. '.repeat(9000)}</p>` },
    );
    const result = render(doc);
    expect(result.warnings).toEqual([
      'Image in row 2, column 1, block 5 has no alt text: screen readers, and mail clients that block images, show nothing in its place.',
      'Image in row 2, column 1, block 5 is inline (data:), and stays inline: many mail clients block or drop inline images and it makes the HTML heavy; upload it instead.',
      'Button "Nowhere" in row 2, column 1, block 6 has no address: it is shown but leads nowhere.',
      'In dark mode as Outlook.com, Outlook for iOS and Android, Gmail for Android show it, button "Nowhere" in row 2, column 1, block 6 has a contrast of 1.43:1 against the #000000 behind it, under the 3:1 that WCAG AA asks for a control.',
      'Raw HTML in row 2, column 1, block 7: taken out <script>, <iframe>, event handler attributes (on...), unsafe URLs (javascript:, vbscript:, data:text).',
      expect.stringMatching(/^The HTML is \d+(\.\d)? KB, over Gmail's 102 KB clipping size/),
    ]);
    expect(result.bytes).toBeGreaterThan(GMAIL_CLIP_BYTES);
    expect(result.html).not.toMatch(/steal\(\)|<iframe|javascript:/);
  });

  it('is deterministic and splits into a cacheable layout and a per-request merge', () => {
    const doc = example('popup');
    const layout = layoutDesign(doc, { designId: 'P1' });
    expect(layout.html).toEqual(layoutDesign(doc, { designId: 'P1' }).html);
    const merged = finishRender(layout, { merge: { contact: { first_name: 'Ada' } } });
    expect(merged).toEqual(render(doc, { designId: 'P1', merge: { contact: { first_name: 'Ada' } } }));
  });
});
