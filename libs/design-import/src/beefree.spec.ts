import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateDesign } from '@embed/design-document';
import { importDesign, SourceUnreadable } from './index';

const fixture = JSON.parse(readFileSync(path.join(__dirname, 'fixtures/newsletter.beefree.json'), 'utf8'));
const mergeTags = { '*|FNAME|*': '{{contact.first_name}}', '[unsubscribe]': '{{unsubscribe_url}}' };
const imported = (source: unknown) => importDesign({ format: 'beefree', source, mode: 'email', mergeTags });
const M = 'mailup-bee-newsletter-modules-';
/** A template of one row holding one module. */
const single = (type: string, descriptor: Record<string, unknown>) => ({ page: { rows: [{ columns: [{ 'grid-columns': 12, modules: [{ type: `${M}${type}`, descriptor }] }] }] } });
const blockOf = (type: string, descriptor: Record<string, unknown>) => imported(single(type, descriptor)).design.body.rows[0].columns[0].blocks[0];

describe('Beefree import', () => {
  const { design, warnings } = imported(fixture);
  const [header, hero, products, footer, hidden] = design.body.rows;

  it('makes a valid email design: title, description as preheader, page colours, width and https web fonts', () => {
    expect(validateDesign(design).valid).toBe(true);
    expect(design.settings).toEqual({ subject: 'Greenway Cycles: spring service week', preheader: 'Free brake check for {{contact.first_name}} until Sunday' });
    expect(design.body.style).toEqual({ backgroundColor: '#e9f1ec', contentBackgroundColor: '#ffffff', contentWidth: 640, fontFamily: "'Source Sans Pro', Arial, sans-serif", color: '#1f2d27', linkColor: '#2a7a4b' });
    expect(design.body.fonts).toEqual([{ family: 'Source Sans Pro', url: 'https://fonts.googleapis.com/css?family=Source+Sans+Pro:400,700' }]);
    expect(warnings).toContainEqual(expect.objectContaining({ path: '$.page.body.webFonts[1].url', code: 'font_insecure', message: expect.stringMatching(/not served over https/) }));
  });

  it('keeps rows, columns and modules in order, grid-columns as ratios', () => {
    const shape = design.body.rows.map((row) => row.columns.map((column) => `${column.ratio ?? '-'}:${column.blocks.map((block) => block.type).join('+')}`).join(' | '));
    expect(shape).toEqual(['4:image | 8:menu', '-:heading+text+button', '6:image+text | 3:text | 3:text', '-:divider+spacer+video+html+social+text', '-:']);
  });

  it('reads an image’s fixed width and side from computedStyle, its link and alt; an autowidth image fills its column', () => {
    expect(header.columns[0].blocks[0]).toEqual({ type: 'image', src: 'https://cdn.greenway.example/logo.png', alt: 'Greenway Cycles', href: 'https://greenway.example', width: 160, style: { padding: '10px 10px 10px 10px', align: 'left' } });
    expect(products.columns[0].blocks[0]).toEqual({ type: 'image', src: 'https://cdn.greenway.example/tyres.jpg', alt: 'Road tyres', href: 'https://greenway.example/tyres', style: { padding: '0px 0px 0px 0px', align: 'center' } });
  });

  it('reads menus with their separator, leaving a javascript: link out with a warning at its place', () => {
    expect(header.columns[1].blocks[0]).toEqual({
      type: 'menu',
      items: [{ text: 'Shop', href: 'https://greenway.example/shop' }, { text: 'Workshop', href: 'https://greenway.example/workshop' }, { text: 'Rides' }],
      style: { separator: '·', color: '#2a7a4b', fontSize: 15 },
    });
    expect(warnings).toContainEqual(expect.objectContaining({ path: '$.page.rows[0].columns[1].modules[0].descriptor.menuItemsList.items[2].link.href', code: 'link_unsafe', message: expect.stringMatching(/javascript: address/) }));
  });

  it('reads headings, paragraphs with marks, links and merge tags, and buttons with their styles', () => {
    expect(hero.columns[0].blocks[0]).toEqual({ type: 'heading', level: 1, content: [{ text: 'Spring service week' }], style: { padding: '30px 20px 10px 20px', textAlign: 'center', fontSize: 32, fontWeight: 700, color: '#1f2d27', lineHeight: 1.2 } });
    expect(hero.columns[0].blocks[1]).toEqual({
      type: 'text',
      content: [
        { type: 'paragraph', content: [{ text: 'Hi {{contact.first_name}},' }] },
        {
          type: 'paragraph',
          content: [
            { text: 'Bring your bike in ' },
            { text: 'Monday to Sunday', bold: true },
            { text: ' for a ' },
            { text: 'free', italic: true },
            { text: ' brake and gear check. ' },
            { text: 'Book a slot', href: 'https://greenway.example/book' },
            { text: '.' },
          ],
        },
      ],
      style: { padding: '10px 30px 10px 30px', textAlign: 'left', fontSize: 16, color: '#1f2d27', lineHeight: 1.5, linkColor: '#2a7a4b' },
    });
    expect(hero.columns[0].blocks[2]).toEqual({
      type: 'button',
      text: 'Book my check',
      href: 'https://greenway.example/book',
      style: { buttonColor: '#2a7a4b', color: '#ffffff', fontSize: 16, fontWeight: 700, innerPadding: '12px 28px 12px 28px', padding: '10px 10px 20px 10px', align: 'center', borderRadius: 6 },
    });
  });

  it('reads a row’s content colour, its band image across the width, and names the band colour it could not keep', () => {
    expect(hero.style).toEqual({ backgroundColor: '#ffffff', backgroundImage: { url: 'https://cdn.greenway.example/spring.jpg', position: 'top' }, fullWidth: true });
    expect(warnings).toContainEqual(expect.objectContaining({ path: '$.page.rows[1].container.style', code: 'band_colour', message: "The row's band colour (#e9f1ec) was left out: our row paints its content's (#ffffff)" }));
  });

  it('reads lists, column colours, rows that do not stack, and a row hidden on phones', () => {
    expect(products.stackOnMobile).toBe(false);
    expect(products.columns[1]).toEqual({
      ratio: 3,
      blocks: [{ type: 'text', content: [{ type: 'list', ordered: false, items: [[{ text: 'Chains' }], [{ text: 'Cables' }], [{ text: 'Pads' }]] }], style: { padding: '10px 10px 10px 10px', fontSize: 15, color: '#1f2d27' } }],
      style: { padding: '5px 0px 5px 0px', backgroundColor: '#f4f8f5' },
    });
    expect(products.columns[2].blocks[0]).toMatchObject({ content: [{ type: 'paragraph', content: [{ text: 'Open ' }, { text: '7 days', color: '#c0392b' }, { text: ' a week' }] }] });
    expect(hidden).toEqual({ hideOn: 'mobile', columns: [{ blocks: [], style: { padding: '5px 0px 5px 0px' } }] });
  });

  it('reads dividers, spacers, videos, social icons; html through the sanitizer; an add-on is named and left out', () => {
    const [divider, spacer, video, html, social, legal] = footer.columns[0].blocks;
    expect(divider).toEqual({ type: 'divider', style: { padding: '10px 10px 10px 10px', color: '#b5c9bd', thickness: 2, lineStyle: 'dashed', width: 80, align: 'center' } });
    expect(spacer).toEqual({ type: 'spacer', height: 24 });
    expect(video).toEqual({ type: 'video', url: 'https://www.youtube.com/watch?v=Dq4fXw5kmZc', thumbnail: 'https://img.youtube.com/vi/Dq4fXw5kmZc/hqdefault.jpg', style: { padding: '10px 10px 10px 10px' } });
    expect(html).toEqual({ type: 'html', html: '<div style="text-align:center">Workshop hours <b>8–18</b></div>' });
    expect(social).toEqual({
      type: 'social',
      links: [
        { network: 'facebook', href: 'https://www.facebook.com/greenway', label: 'Facebook' },
        { network: 'instagram', href: 'https://instagram.com/greenway', label: 'Instagram' },
        { network: 'x', href: 'https://x.com/greenway', label: 'X' },
      ],
      style: { padding: '10px 10px 10px 10px', align: 'center', iconSize: 32 },
    });
    expect(legal).toMatchObject({ content: [{ content: [{ text: 'You get this as a Greenway member. ' }, { text: 'Unsubscribe', href: '{{unsubscribe_url}}' }] }] });
    expect(warnings.map(({ path }) => path)).toEqual(
      expect.arrayContaining([
        '$.page.rows[3].columns[0].modules[1].descriptor.computedStyle',
        '$.page.rows[3].columns[0].modules[3].descriptor.html.html',
        '$.page.rows[3].columns[0].modules[5]',
      ]),
    );
  });

  it('reads headings past h4 as level 4, a video without a thumbnail as a button, with warnings', () => {
    expect(blockOf('heading', { heading: { title: 'h6', text: 'Small' } })).toEqual({ type: 'heading', level: 4, content: [{ text: 'Small' }] });
    expect(blockOf('video', { video: { src: 'https://vimeo.com/1' } })).toEqual({ type: 'button', text: 'Watch the video', href: 'https://vimeo.com/1' });
  });

  it('takes the JSON text as well as the object, and refuses what is not a template, naming the place', () => {
    expect(imported(JSON.stringify(fixture)).design).toEqual(design);
    expect(() => imported('{')).toThrow(SourceUnreadable);
    expect(() => imported([])).toThrow('$: a Beefree template is a JSON object with page.rows');
    expect(() => imported({ page: { rows: {} } })).toThrow('$.page.rows: a Beefree template has page.rows, a list of rows');
  });
});
