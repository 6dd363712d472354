import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateDesign } from '@embed/design-document';
import { importDesign, SourceUnreadable } from './index';

const fixture = readFileSync(path.join(__dirname, 'fixtures/newsletter.mjml'), 'utf8');
const mergeTags = { '*|FNAME|*': '{{contact.first_name}}', '[unsubscribe]': '{{unsubscribe_url}}' };
const mjml = (body: string, head = '') => `<mjml><mj-head>${head}</mj-head><mj-body>${body}</mj-body></mjml>`;
const imported = (source: string) => importDesign({ format: 'mjml', source, mode: 'email', mergeTags });
const firstBlock = (source: string) => imported(source).design.body.rows[0].columns[0].blocks[0];
const messages = (source: string) => imported(source).warnings.map(({ path, message }) => `${path}: ${message}`);

describe('MJML import', () => {
  const { design, warnings } = imported(fixture);

  it('makes a valid email design of the newsletter, the head read into settings, fonts and body style', () => {
    expect(validateDesign(design).valid).toBe(true);
    expect(design.settings).toEqual({ subject: 'Harbour Bakery: {{contact.first_name}}, the autumn loaves are in', preheader: 'Rye, spelt and a pumpkin sourdough, baked at dawn' });
    expect(design.body.fonts).toEqual([{ family: 'Lora', url: 'https://fonts.googleapis.com/css2?family=Lora:wght@400;700&display=swap' }]);
    // MJML leaves links the browser's blue.
    expect(design.body.style).toEqual({ backgroundColor: '#f4efe6', contentWidth: 640, linkColor: '#0000ee', fontFamily: 'Lora, Georgia, serif' });
  });

  it('keeps the order of sections, the hero, the wrapper’s section, and splits five columns into rows of four and one', () => {
    const shape = design.body.rows.map((row) => row.columns.map((column) => column.blocks.map((block) => block.type).join('+')).join(' | '));
    expect(shape).toEqual(['image+menu', 'text+button', 'heading+text | image', 'text | text | text | text', 'text', 'divider+spacer+social+html+text+image']);
    expect(warnings.map(({ path }) => path)).toEqual(expect.arrayContaining(['mjml > mj-body > mj-section[1]', 'mjml > mj-body > mj-hero[0]']));
    expect(warnings.map(({ code }) => code)).not.toContain('text_heading');
  });

  it('reads column widths as ratios and a wrapper’s background onto its section', () => {
    const row = design.body.rows[2];
    expect(row.columns.map((column) => column.ratio)).toEqual([8, 4]);
    expect(row.columns[1].style).toEqual({ verticalAlign: 'middle' });
    expect(row.style?.backgroundColor).toBe('#efe6d8');
    // The wrapper's 10px around its section's own 20px 0px.
    expect(row.style?.padding).toBe('30px 10px 30px 10px');
    // Five columns made two rows: the section's padding above the first and under the second.
    expect(design.body.rows.slice(3, 5).map((split) => split.style?.padding)).toEqual(['20px 0px 0px 0px', '0px 0px 20px 0px']);
  });

  it('reads text into a heading, paragraphs, lists, marks and links, with merge tags mapped', () => {
    const [heading, text] = design.body.rows[2].columns[0].blocks;
    // The h2 at the top of the text: a heading of the browser's 1.5em, bold, its 0.83em margin above it.
    expect(heading).toEqual({
      type: 'heading',
      level: 2,
      content: [{ text: 'Hello {{contact.first_name}},' }],
      // Its line is the text's 24px (150% of 16px, which it inherits): 1 of its 24px.
      style: { padding: '30px 25px 0px 25px', color: '#3b2f2f', fontFamily: 'Lora, Georgia, serif', fontSize: 24, fontWeight: 700, lineHeight: 1 },
    });
    expect(text).toEqual({
      type: 'text',
      content: [
        {
          type: 'paragraph',
          content: [
            { text: 'This week we bake ' },
            { text: 'rye', bold: true },
            { text: ', ' },
            { text: 'spelt', italic: true },
            { text: ' and a ' },
            { text: 'pumpkin sourdough', href: 'https://harbour-bakery.example/pumpkin' },
            { text: '.\nPick up from 7am.' },
          ],
        },
        { type: 'list', ordered: false, items: [[{ text: 'Rye, 800 g' }], [{ text: 'Spelt, 600 g' }]] },
      ],
      // MJML's own mj-text padding, as the mjml package draws the source: the h2's 20px margin
      // above (larger than the p's 13px), the list's 16px under it, inside the 10px 25px.
      style: { padding: '20px 25px 26px 25px', fontFamily: 'Lora, Georgia, serif', fontSize: 16, color: '#3b2f2f', lineHeight: 1.5 },
    });
    expect(design.body.rows[5].columns[0].blocks[4]).toMatchObject({ content: [{ type: 'paragraph', content: [{ text: 'Unsubscribe', href: '{{unsubscribe_url}}' }] }] });
  });

  it('reads images with alt, link and width, and buttons with their mj-class', () => {
    expect(design.body.rows[0].columns[0].blocks[0]).toEqual({ type: 'image', src: 'https://cdn.harbour-bakery.example/logo.png', alt: 'Harbour Bakery', href: 'https://harbour-bakery.example', width: 180, style: { padding: '10px 25px', align: 'center' } });
    expect(design.body.rows[1].columns[0].blocks[1]).toEqual({
      type: 'button',
      text: 'Order for Saturday',
      href: 'https://harbour-bakery.example/order',
      style: { buttonColor: '#b4532a', color: '#ffffff', fontFamily: 'Lora, Georgia, serif', fontSize: 13, fontWeight: 400, innerPadding: '10px 25px', padding: '10px 25px', borderRadius: 6 },
    });
    // The hero's 300px: 60px above and below, 68px of text and 56px of button, the rest (56px) under its content.
    // MJML draws a hero's background image covering it, whatever its size.
    expect(design.body.rows[1].style).toEqual({ padding: '60px 20px 116px 20px', backgroundColor: '#2a2118', backgroundImage: { url: 'https://cdn.harbour-bakery.example/ovens.jpg', size: 'cover' } });
  });

  it('reads navbar, divider, spacer and social; javascript: addresses are dropped with a warning', () => {
    expect(design.body.rows[0].columns[0].blocks[1]).toEqual({
      type: 'menu',
      items: [{ text: 'BREAD', href: 'https://harbour-bakery.example/bread' }, { text: 'CAKES', href: 'https://harbour-bakery.example/cakes' }, { text: 'SNEAKY' }],
      style: { padding: '16px 10px 16px 10px', separator: '\u00a0'.repeat(4), align: 'center', color: '#000000', fontFamily: 'Lora, Georgia, serif', fontSize: 13 },
    });
    const [divider, spacer, social] = design.body.rows[5].columns[0].blocks;
    expect(divider).toEqual({ type: 'divider', style: { padding: '10px 25px', color: '#d8cbb5', thickness: 2, lineStyle: 'dashed', width: 80 } });
    expect(spacer).toEqual({ type: 'spacer', height: 24 });
    expect(social).toEqual({
      type: 'social',
      links: [{ network: 'instagram', href: 'https://instagram.example/harbourbakery', label: 'Instagram' }, { network: 'x', href: 'https://x.example/harbourbakery', label: 'X' }],
      style: { showLabels: true, padding: '10px 25px', align: 'center', iconSize: 24, fontFamily: 'Lora, Georgia, serif' },
    });
    expect(warnings).toContainEqual(expect.objectContaining({ path: 'mjml > mj-body > mj-section[0] > mj-column[0] > mj-navbar[0] > mj-navbar-link[2]', code: 'link_unsafe', message: expect.stringMatching(/javascript: address.*left out/) }));
  });

  it('draws a navbar as MJML does: links in capitals unless their text-transform says otherwise, their padding around and between them', () => {
    const link = (attributes: string, text: string) => `<mj-navbar-link href="https://a.example" ${attributes}>${text}</mj-navbar-link>`;
    const menu = (links: string) => firstBlock(mjml(`<mj-section><mj-column><mj-navbar>${links}</mj-navbar></mj-column></mj-section>`));
    expect(menu(link('', 'Shop') + link('', 'the Workshops'))).toMatchObject({ items: [{ text: 'SHOP' }, { text: 'THE WORKSHOPS' }], style: { padding: '16px 10px 16px 10px', separator: '\u00a0\u00a0\u00a0\u00a0' } });
    expect(menu(link('text-transform="none"', 'Shop') + link('text-transform="capitalize"', 'the workshops'))).toMatchObject({ items: [{ text: 'Shop' }, { text: 'The Workshops' }] });
    // Links of 20px, 30px lines and 2px apart: padding of their own over what our line's height gives, no spaces between.
    expect(menu(link('padding="4px 1px" font-size="20px" line-height="30px"', 'a'))).toMatchObject({ style: { padding: '4px 1px 4px 1px', separator: '', fontSize: 20 } });
  });

  it('makes a heading at the top level of a text a heading block, with the margins the source is drawn with as padding', () => {
    const blocks = (text: string, attributes = '') => imported(mjml(`<mj-section><mj-column><mj-text ${attributes}>${text}</mj-text></mj-column></mj-section>`)).design.body.rows[0].columns[0].blocks;
    // 13px text of MJML's line-height 1: an h1 of 26px, its 0.67em (17px) above and under it; a p's 13px margin (MJML's head style).
    expect(blocks('<p>Intro</p><h1>Title</h1><p>More</p>')).toEqual([
      { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Intro' }] }], style: expect.objectContaining({ padding: '23px 25px 0px 25px', fontSize: 13 }) },
      { type: 'heading', level: 1, content: [{ text: 'Title' }], style: expect.objectContaining({ padding: '17px 25px 0px 25px', fontSize: 26, fontWeight: 700, lineHeight: 1 }) },
      { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'More' }] }], style: expect.objectContaining({ padding: '17px 25px 23px 25px' }) },
    ]);
    // Loose text has no margin: the mj-text's padding as written.
    expect(blocks('Hello')).toEqual([expect.objectContaining({ type: 'text', style: expect.objectContaining({ padding: '10px 25px' }) })]);
    // An h5 is our smallest level at its own size, said; a heading inside a box stays a bold paragraph, said.
    const h5 = imported(mjml('<mj-section><mj-column><mj-text font-size="20px"><h5>Small</h5></mj-text></mj-column></mj-section>'));
    expect(h5.design.body.rows[0].columns[0].blocks[0]).toMatchObject({ type: 'heading', level: 4, style: { fontSize: 17 } });
    expect(h5.warnings.map(({ code }) => code)).toEqual(['heading_level']);
    const boxed = imported(mjml('<mj-section><mj-column><mj-text><div><h2>Boxed</h2></div></mj-text></mj-column></mj-section>'));
    expect(boxed.design.body.rows[0].columns[0].blocks.map((block) => block.type)).toEqual(['text']);
    expect(boxed.warnings.map(({ code }) => code)).toEqual(['text_heading']);
  });

  it('draws raw HTML inside a section or column at font-size 0, as their boxes do in the source, and at the body’s size at the top level', () => {
    const raw = '<mj-raw><p>Raw</p></mj-raw>';
    const html = (body: string) => imported(mjml(body)).design.body.rows.flatMap((row) => row.columns.flatMap((column) => column.blocks)).find((block) => block.type === 'html');
    expect(html(raw)).toMatchObject({ html: '<p>Raw</p>' });
    expect(html(`<mj-section>${raw}<mj-column></mj-column></mj-section>`)).toMatchObject({ html: '<div style="font-size:0px"><p>Raw</p></div>' });
    expect(html(`<mj-section><mj-column>${raw}</mj-column></mj-section>`)).toMatchObject({ html: '<div style="font-size:0px"><p>Raw</p></div>' });
  });

  it('keeps a fixed-height hero’s height on phones too, where its text takes more lines', () => {
    const hero = (title: string) => imported(mjml(`<mj-hero height="300px" padding="60px 20px"><mj-text font-size="32px" line-height="150%">${title}</mj-text></mj-hero>`)).design.body.rows[0];
    // 39 characters of 32px (16px each): two lines of 48px in the body's 510px of text, three in a 375px phone's 285px.
    expect(hero('Fresh bread from the oven every morning')).toMatchObject({ style: { padding: '60px 20px 124px 20px' }, phone: { padding: '60px 20px 76px 20px' } });
    // A line at both widths: no phone padding of its own.
    expect(hero('Fresh')).not.toHaveProperty('phone');
  });

  it('keeps a fixed-height hero’s height only where its content’s height can be told', () => {
    const hero = (content: string) => imported(mjml(`<mj-hero height="200px" padding="40px 20px">${content}</mj-hero>`));
    expect(hero('<mj-spacer height="50px" />').design.body.rows[0].style).toEqual({ padding: '40px 20px 110px 20px' });
    const unknown = hero('<mj-image src="https://a.example/a.png" />');
    expect(unknown.design.body.rows[0].style).toEqual({ padding: '40px 20px' });
    expect(unknown.warnings).toContainEqual(expect.objectContaining({ path: 'mjml > mj-body > mj-hero[0]', code: 'hero_as_row', message: expect.stringMatching(/height and mode are not kept/) }));
  });

  it('keeps mj-raw as a sanitized html block, names what it took out, and what it left out (mj-style, mj-carousel)', () => {
    const html = design.body.rows[5].columns[0].blocks[3];
    // mj-raw has no padding of its own: the html block none either (our renderer's default would add some).
    // In a column it is drawn in the column's box, of font-size 0: its text as small, as in the source.
    expect(html).toEqual({ type: 'html', html: '<div style="font-size:0px"><p style="text-align:center">Baked with care </p></div>', style: { padding: '0px' } });
    expect(JSON.stringify(design)).not.toMatch(/script|onclick|javascript/i);
    const said = warnings.map(({ message }) => message).join('\n');
    expect(said).toMatch(/Raw HTML \(mj-raw\): kept as an html block/);
    expect(said).toMatch(/taken out <script>/);
    expect(said).toMatch(/mj-style is not kept/);
    expect(said).toMatch(/A carousel became an image block of its first image \(of 1\)/);
  });

  it('keeps a carousel as its first image, where clients running its CSS draw it (between its arrows), naming the images left out', () => {
    const carousel = mjml(
      '<mj-section><mj-column><mj-carousel border-radius="8px"><mj-carousel-image src="https://a.example/1.jpg" alt="Rye" href="https://a.example/rye" /><mj-carousel-image src="https://a.example/2.jpg" /></mj-carousel></mj-column></mj-section>',
    );
    const path = 'mjml > mj-body > mj-section[0] > mj-column[0] > mj-carousel[0]';
    expect(firstBlock(carousel)).toEqual({ type: 'image', src: 'https://a.example/1.jpg', alt: 'Rye', href: 'https://a.example/rye', style: { padding: '0px 44px', borderRadius: 8 } });
    // MJML's own corners and arrows' width where the carousel says nothing, or its own arrows' width.
    const plain = (attributes: string) => firstBlock(mjml(`<mj-section><mj-column><mj-carousel ${attributes}><mj-carousel-image src="https://a.example/1.jpg" /></mj-carousel></mj-column></mj-section>`));
    expect(plain('')).toMatchObject({ style: { padding: '0px 44px', borderRadius: 6 } });
    expect(plain('icon-width="30px"')).toMatchObject({ style: { padding: '0px 30px' } });
    expect(imported(carousel).warnings).toEqual([
      { path, code: 'carousel_first_image', params: { count: 2 }, message: 'A carousel became an image block of its first image (of 2): its arrows and thumbnails are not kept' },
    ]);
    const empty = imported(mjml('<mj-section><mj-column><mj-carousel></mj-carousel></mj-column></mj-section>'));
    expect(empty.warnings).toEqual([expect.objectContaining({ path, code: 'image_without_address' })]);
  });

  it('makes text with an image or a table an html block', () => {
    expect(firstBlock(mjml('<mj-section><mj-column><mj-text><p>Hi</p><img src="https://a.example/x.png" onerror="x()"></mj-text></mj-column></mj-section>'))).toEqual({
      type: 'html',
      html: '<p>Hi</p><img src="https://a.example/x.png" />',
      // The mj-text's padding (MJML's 10px 25px) stays around it.
      style: { padding: '10px 25px' },
    });
  });

  it('refuses what is not MJML, naming the place', () => {
    expect(() => imported('<html><body>hello</body></html>')).toThrow('mjml: no <mjml> root element was found');
    expect(() => imported('<mjml><mj-head></mj-head></mjml>')).toThrow(SourceUnreadable);
    expect(() => importDesign({ format: 'mjml', source: { mjml: true }, mode: 'email' })).toThrow(SourceUnreadable);
  });

  it('says when the source ends before </mjml>, as a file cut short does, and not when it ends there', () => {
    const cut = imported('<mjml><mj-body><mj-section><mj-column><mj-text>Hello</mj-text></mj-column></mj-section><mj-sectio');
    expect(cut.design.body.rows).toHaveLength(1);
    expect(cut.warnings).toEqual([expect.objectContaining({ path: 'mjml', code: 'mjml_cut_short' })]);
    expect(imported('<mjml><mj-body><mj-sectio').warnings.map(({ code }) => code)).toEqual(['mjml_cut_short']);
    for (const whole of [mjml('<mj-section></mj-section>'), `${mjml('')}\n\n`, '<MJML><mj-body></mj-body></MJML >'])
      expect(imported(whole).warnings.map(({ code }) => code)).not.toContain('mjml_cut_short');
  });

  it('never follows mj-include', () => {
    expect(messages(mjml('<mj-include path="/etc/passwd" />'))).toEqual(expect.arrayContaining([expect.stringMatching(/mj-include is never followed/)]));
  });

  it('makes a design of the mode asked for', () => {
    const page = importDesign({ format: 'mjml', source: fixture, mode: 'page' }).design;
    expect(page).toMatchObject({ mode: 'page', settings: { title: 'Harbour Bakery: *|FNAME|*, the autumn loaves are in' } });
    expect(validateDesign(page).valid).toBe(true);
    const popup = importDesign({ format: 'mjml', source: mjml(''), mode: 'popup' }).design;
    expect(validateDesign(popup).valid).toBe(true);
    expect(validateDesign(importDesign({ format: 'mjml', source: fixture, mode: 'document' }).design).valid).toBe(true);
  });
});
