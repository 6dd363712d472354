// Round trips: an email exported as MJML compiles with the mjml package without an error and
// imports back as the same design, field for field; an import of an import changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import mjml2html from 'mjml';
import { type Block, type EmailDesign, validateDesign } from '@embed/design-document';
import { emailMarkup } from '@embed/render-core';
import type { ImportFormat } from '@embed/contracts';
import { importDesign, mjmlExport } from './index';

const exported = (design: EmailDesign) => mjmlExport(emailMarkup(design), design);
const reimported = (mjml: string) => importDesign({ format: 'mjml', source: mjml, mode: 'email' });

const colour = fc.constantFrom('#1b2631', '#ffffff', '#c0392b', '#2a7a4b80', 'transparent', '#abc');
const padding = fc.constantFrom('0px', '10px', '8px 16px', '4px 8px 12px 16px');
const words = fc.array(fc.constantFrom('Hello', '{{contact.first_name}}', 'spring', '&', '<sale>', '“quoted”', 'naïve', 'rows--cols', '-->'), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));
const link = fc.constantFrom('https://shop.example/a-b', '{{unsubscribe_url}}', 'mailto:hi@shop.example', '#top');
const inline = fc.record({ text: words, bold: fc.constant(true), italic: fc.constant(true), color: colour, href: link }, { requiredKeys: ['text'] });
const textStyle = fc.record({ padding, color: colour, fontSize: fc.integer({ min: 8, max: 96 }), textAlign: fc.constantFrom('left', 'center', 'right', 'justify'), lineHeight: fc.constantFrom(1, 1.5, 2), fontFamily: fc.constantFrom('Georgia, serif', "'Open Sans', Arial") }, { requiredKeys: [] });
const block: fc.Arbitrary<Block> = fc.oneof(
  fc.record({ type: fc.constant('text' as const), content: fc.array(fc.oneof(fc.record({ type: fc.constant('paragraph' as const), content: fc.array(inline, { minLength: 1, maxLength: 3 }) }), fc.record({ type: fc.constant('list' as const), ordered: fc.boolean(), items: fc.array(fc.array(inline, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 }) })), { maxLength: 3 }), style: textStyle }, { requiredKeys: ['type', 'content'] }),
  fc.record({ type: fc.constant('heading' as const), level: fc.constantFrom(1, 2, 3, 4) as fc.Arbitrary<1 | 2 | 3 | 4>, content: fc.array(inline, { minLength: 1, maxLength: 2 }), style: textStyle }, { requiredKeys: ['type', 'level', 'content'] }),
  fc.record({ type: fc.constant('image' as const), src: fc.constantFrom('https://img.example/a.png', 'data:image/png;base64,iVBORw0KGgo='), alt: words, href: link, width: fc.integer({ min: 1, max: 1200 }), style: fc.record({ padding, align: fc.constantFrom('left', 'center', 'right') }, { requiredKeys: [] }) }, { requiredKeys: ['type', 'src'] }),
  fc.record({ type: fc.constant('button' as const), text: words, href: link, style: fc.record({ buttonColor: colour, color: colour, borderRadius: fc.integer({ min: 0, max: 40 }), fullWidth: fc.boolean(), innerPadding: padding }, { requiredKeys: [] }) }, { requiredKeys: ['type', 'text'] }),
  fc.record({ type: fc.constant('divider' as const), style: fc.record({ color: colour, thickness: fc.integer({ min: 1, max: 20 }), lineStyle: fc.constantFrom('solid', 'dashed', 'dotted'), width: fc.integer({ min: 1, max: 100 }) }, { requiredKeys: [] }) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('spacer' as const), height: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ type: fc.constant('social' as const), links: fc.array(fc.record({ network: fc.constantFrom('facebook', 'x', 'instagram', 'web') as fc.Arbitrary<'facebook' | 'x' | 'instagram' | 'web'>, href: fc.constantFrom('https://social.example/us'), label: words }, { requiredKeys: ['network', 'href'] }), { minLength: 1, maxLength: 4 }), style: fc.record({ iconSize: fc.integer({ min: 16, max: 64 }), showLabels: fc.boolean() }, { requiredKeys: [] }) }, { requiredKeys: ['type', 'links'] }),
  fc.record({ type: fc.constant('menu' as const), items: fc.array(fc.record({ text: words, href: link }, { requiredKeys: ['text'] }), { minLength: 1, maxLength: 4 }), style: fc.record({ separator: fc.constantFrom('|', '·', '-'), color: colour }, { requiredKeys: [] }) }, { requiredKeys: ['type', 'items'] }),
  fc.record({ type: fc.constant('html' as const), html: fc.constantFrom('<p>Plain <b>bold</b></p>', '<table><tr><td>£12</td></tr></table>', '<div style="color:#c0392b">Note</div>') }),
  fc.record({ type: fc.constant('video' as const), url: fc.constant('https://video.example/v-1'), thumbnail: fc.constant('https://img.example/v.jpg'), alt: words }, { requiredKeys: ['type', 'url', 'thumbnail'] }),
);
const column = fc.record({ id: fc.constantFrom('c-1', 'c-2'), ratio: fc.integer({ min: 1, max: 12 }), blocks: fc.array(block, { maxLength: 4 }), style: fc.record({ backgroundColor: colour, padding, verticalAlign: fc.constantFrom('top', 'middle', 'bottom') }, { requiredKeys: [] }) }, { requiredKeys: ['blocks'] });
const row = fc.record(
  {
    id: fc.constantFrom('hero', 'row-2'),
    columns: fc.array(column, { minLength: 1, maxLength: 4 }),
    stackOnMobile: fc.boolean(),
    hideOn: fc.constantFrom('mobile', 'desktop'),
    style: fc.record({ backgroundColor: colour, padding, fullWidth: fc.boolean(), backgroundImage: fc.record({ url: fc.constant('https://img.example/bg.jpg'), size: fc.constantFrom('cover', 'contain') }, { requiredKeys: ['url'] }) }, { requiredKeys: [] }),
  },
  { requiredKeys: ['columns'] },
);
const emailDesign: fc.Arbitrary<EmailDesign> = fc
  .record({
    subject: words,
    preheader: words,
    rows: fc.array(row, { maxLength: 4 }),
    style: fc.record({ backgroundColor: colour, contentWidth: fc.integer({ min: 320, max: 1600 }), fixedWidth: fc.boolean(), fontFamily: fc.constantFrom('Georgia, serif'), linkColor: colour }, { requiredKeys: [] }),
    fonts: fc.constantFrom([], [{ family: 'Lora', url: 'https://fonts.googleapis.com/css2?family=Lora&display=swap' }]),
  })
  .map(({ subject, preheader, rows, style, fonts }) => ({ schemaVersion: 1, mode: 'email', settings: { subject, preheader }, body: { rows, style, ...(fonts.length && { fonts }) } }) as EmailDesign)
  .filter((design) => validateDesign(design).valid);

describe('MJML export', () => {
  it('compiles with the mjml package without an error and imports back as the same design, for random valid designs', async () => {
    await fc.assert(
      fc.asyncProperty(emailDesign, async (design) => {
        const mjml = exported(design);
        const compiled = await mjml2html(mjml, { validationLevel: 'strict' });
        expect(compiled.errors).toEqual([]);
        const back = reimported(mjml);
        const checked = validateDesign(design);
        expect(checked.valid && back.design).toEqual(checked.valid && checked.document);
        expect(back.warnings).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('reads the markup once the MJML was changed by hand, saying so', () => {
    const design = JSON.parse(readFileSync(path.join(__dirname, '../../../docs/examples/designs/email.json'), 'utf8')) as EmailDesign;
    const edited = exported(design).replace('>View shirt<', '>View the shirt<');
    const { design: read, warnings } = reimported(edited);
    expect(warnings[0]).toEqual(expect.objectContaining({ path: 'mjml', code: 'mjml_changed', message: 'The MJML was changed since it was exported: its markup was read, not the design it carries' }));
    expect(JSON.stringify(read)).toContain('View the shirt');
    expect(read.body.rows).toHaveLength(design.body.rows.length);
  });

  it('an import of an import changes nothing, from every format', () => {
    const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
    const sources: [ImportFormat, unknown][] = [
      ['mjml', fixture('newsletter.mjml')],
      ['html', fixture('newsletter.html')],
      ['unlayer', JSON.parse(fixture('newsletter.unlayer.json'))],
      ['beefree', JSON.parse(fixture('newsletter.beefree.json'))],
    ];
    for (const [format, source] of sources) {
      const first = importDesign({ format, source, mode: 'email', mergeTags: { '*|FNAME|*': '{{contact.first_name}}' } }).design as EmailDesign;
      const again = reimported(exported(first));
      expect(again.design).toEqual(first);
      expect(reimported(exported(again.design as EmailDesign)).design).toEqual(first);
    }
  });
});
