import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateDesign } from '@embed/design-document';
import { importDesign } from './index';

const fixture = readFileSync(path.join(__dirname, 'fixtures/newsletter.html'), 'utf8');
const mergeTags = { '*|FNAME|*': '{{contact.first_name}}', '[unsubscribe]': '{{unsubscribe_url}}' };
const imported = (source: unknown, mode: 'email' | 'page' = 'email') => importDesign({ format: 'html', source, mode, mergeTags });
const FRAME = 'html > body > table[0] > tr[0] > td[0] > table[0]';

describe('HTML import', () => {
  const { design, warnings } = imported(fixture);
  const [logo, menu, hero, books, button, rule, footer] = design.body.rows;

  it('makes a valid email design: title as subject, the hidden preheader, the frame’s width and colours, https web fonts', () => {
    expect(validateDesign(design).valid).toBe(true);
    expect(design.settings).toEqual({ subject: 'Northlight Books: {{contact.first_name}}, our winter reading list', preheader: 'Ten books for long evenings, picked by our shop' });
    // What the source does not say is a browser's: black text in Times, blue links, `normal` lines (not our renderer's 1.5).
    // A frame of a fixed width stays that wide on a phone in the source: so does the email made of it.
    expect(design.body.style).toEqual({
      backgroundColor: '#f2efe9', contentBackgroundColor: '#ffffff', contentWidth: 600, fixedWidth: true,
      fontFamily: "'Times New Roman', Times, serif", color: '#000000', linkColor: '#0000ee', lineHeight: 1.15,
    });
    expect(warnings.map(({ code }) => code)).not.toContain('fixed_width');
    expect(design.body.fonts).toEqual([{ family: 'Merriweather', url: 'https://fonts.googleapis.com/css?family=Merriweather:400,700' }]);
  });

  it('keeps a frame of a fixed width fixed in an email only; a page narrows to the screen, and says so', () => {
    const frame = (style: string) => imported(`<body><table width="640" style="${style}"><tr><td>Hi</td></tr></table></body>`);
    expect(frame('').design.body.style).toMatchObject({ contentWidth: 640, fixedWidth: true });
    expect(frame('max-width:640px').design.body.style).not.toHaveProperty('fixedWidth');
    const page = imported(fixture, 'page');
    expect(page.design.body.style).not.toHaveProperty('fixedWidth');
    expect(page.warnings).toContainEqual(expect.objectContaining({ path: 'html > body', code: 'fixed_width', message: expect.stringMatching(/600 px wide on every screen/) }));
  });

  it('reads each row of the centred table as a row, a row of two cells as two columns', () => {
    const shape = design.body.rows.map((row) => row.columns.map((column) => column.blocks.map((block) => block.type).join('+')).join(' | '));
    expect(shape).toEqual(['image', 'text', 'heading+text', 'image+heading+text | image+heading+text+html', 'button', 'divider', 'text']);
  });

  it('reads a linked, centred image with its width, and the cell’s padding onto the row', () => {
    expect(logo).toEqual({
      style: { backgroundColor: '#ffffff', padding: '24px 24px 8px 24px' },
      columns: [{ blocks: [{ type: 'image', src: 'https://cdn.northlight.example/logo.png', alt: 'Northlight Books', href: 'https://northlight.example', width: 180, style: { padding: '0px', align: 'center' } }] }],
    });
  });

  it('reads the text styles the cells carry, headings, marks and links, with merge tags mapped', () => {
    expect(hero.style).toEqual({ backgroundColor: '#30404d', padding: '24px 24px 24px 24px' });
    expect(hero.columns[0].blocks).toEqual([
      // The margins as written become the blocks' paddings.
      { type: 'heading', level: 1, content: [{ text: 'Winter reading list' }], style: { textAlign: 'center', fontFamily: 'Merriweather, Georgia, serif', color: '#ffffff', fontSize: 30, lineHeight: 1.2, padding: '0px 0px 0px 0px' } },
      { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Hello {{contact.first_name}}, ten books for long evenings.' }] }], style: { textAlign: 'center', fontFamily: 'Merriweather, Georgia, serif', color: '#ffffff', fontSize: 16, lineHeight: 1.5, padding: '12px 0px 0px 0px' } },
    ]);
    expect(menu.columns[0].blocks[0]).toMatchObject({ type: 'text', content: [{ content: [{ text: 'New', color: '#8a4b2a', href: 'https://northlight.example/new' }, { text: ' | ' }, { text: 'Events', color: '#8a4b2a', href: 'https://northlight.example/events' }] }] });
  });

  it('reads the cells of a row as columns with their padding and alignment; a nested table of two cells stays html with a warning', () => {
    expect(books.columns.map((column) => column.style)).toEqual([
      { padding: '0px 12px 0px 12px', verticalAlign: 'top' },
      { padding: '0px 12px 0px 12px', verticalAlign: 'top' },
    ]);
    expect(books.columns[0].blocks[2]).toMatchObject({ type: 'text', content: [{ content: [{ text: 'A ' }, { text: 'slow', italic: true }, { text: ' journey across the marshes. ' }, { text: 'Read more', href: 'https://northlight.example/salt-road', color: '#8a4b2a' }] }] });
    // Its space is its cell's: none of its own.
    expect(books.columns[1].blocks[3]).toEqual({ type: 'html', html: expect.stringContaining('<td>£12</td>'), style: { padding: '0px' } });
    expect(warnings).toContainEqual(expect.objectContaining({ path: `${FRAME} > tr[3] > td[0] > table[0] > tr[0] > td[1] > table[0]`, code: 'html_block_nested_table', message: expect.stringMatching(/nested table/) }));
  });

  it('reads a painted cell holding one link as a button, an hr as a divider', () => {
    expect(button.columns[0].blocks[0]).toEqual({
      type: 'button',
      text: 'See the whole list',
      href: 'https://northlight.example/list',
      style: { buttonColor: '#8a4b2a', color: '#ffffff', fontFamily: 'Merriweather, Georgia, serif', fontSize: 16, fontWeight: 700, innerPadding: '12px 28px 12px 28px', borderRadius: 4, align: 'center', padding: '0px' },
    });
    // The space around the rule is the browser's margin of an hr (0.5em).
    expect(rule.columns[0].blocks[0]).toEqual({ type: 'divider', style: { padding: '8px 0px', color: '#e0d8cc', thickness: 1, lineStyle: 'solid' } });
  });

  it('leaves scripts out and keeps embeds as sanitized html, each named at its place', () => {
    expect(JSON.stringify(footer)).not.toMatch(/script|iframe|tracking/);
    expect(footer.columns[0].blocks[0]).toMatchObject({ content: [{ content: [{ text: 'Northlight Books, 4 Quay Street. ' }, { text: 'Unsubscribe', href: '{{unsubscribe_url}}' }] }] });
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'html > head > style', code: 'style_element', message: expect.stringMatching(/<style> is not kept/) }),
        expect.objectContaining({ path: `${FRAME} > tr[6] > td[0] > script[0]`, code: 'script_left_out', message: 'A script was left out: nothing executable is imported' }),
        expect.objectContaining({ path: `${FRAME} > tr[6] > td[0] > iframe[0]`, code: 'html_block_element', message: expect.stringMatching(/<iframe> has no block of ours/) }),
      ]),
    );
  });

  it('reads a web page’s sections as rows and a flex box as columns', () => {
    const page = imported(
      `<header style="background-color:#111111;color:#ffffff"><h1>Fieldnotes</h1><p>A journal of walks</p></header>
       <section style="display:flex"><div><h2>Moors</h2><p>Heather and wind.</p></div><div><h2>Coast</h2><p>Salt and <b>gulls</b>.</p></div><div><img src="https://fieldnotes.example/a.jpg" alt="Cliff"></div></section>
       <footer><p>© Fieldnotes</p><hr></footer>`,
      'page',
    ).design;
    expect(page.mode).toBe('page');
    expect(page.body.rows.map((row) => row.columns.map((column) => column.blocks.map((block) => block.type).join('+')).join(' | '))).toEqual([
      'heading+text',
      'heading+text | heading+text | image',
      'text+divider',
    ]);
    expect(page.body.rows[0].style).toEqual({ backgroundColor: '#111111' });
    expect(page.body.rows[0].columns[0].blocks[0]).toMatchObject({ style: { color: '#ffffff' } });
  });

  it('stacks a table’s cells on phones only where the source’s CSS does (the books’ cells of class col)', () => {
    expect(books.stackOnMobile).toBeUndefined();
    const table = `<table><tr><td class="col">A</td><td class="side">B</td></tr></table>`;
    expect(imported(table).design.body.rows[0].stackOnMobile).toBe(false);
    expect(imported(`<style>@media (max-width:480px){.side{display:block!important}}</style>${table}`).design.body.rows[0].stackOnMobile).toBeUndefined();
    expect(imported(`<style>.side{display:block}</style>${table}`).design.body.rows[0].stackOnMobile).toBe(false);
  });

  it('names each element of a warning’s path once, by its place among all its siblings', () => {
    const paths = (source: string) => imported(source).warnings.filter(({ code }) => code === 'link_unsafe').map(({ path }) => path);
    expect(paths('<p>Hi <a href="javascript:alert(1)">you</a></p>')).toEqual(['html > p[0] > a']);
    // A run of text after a table: its paragraph is the box's third, not the run's first.
    expect(paths('<div style="background:#eee"><p>a</p><table><tr><td>t</td></tr></table><p>b</p><p>c <a href="javascript:1">x</a></p></div>')).toEqual(['html > div[0] > p[2] > a']);
  });

  it('keeps a flex row side by side on phones unless it wraps, and a box’s padding around the rows of its content', () => {
    const row = (style: string) => imported(`<section style="${style}"><div><p>a</p></div><div><p>b</p></div></section>`).design.body.rows[0];
    expect(row('display:flex;padding:16px')).toMatchObject({ stackOnMobile: false, style: { padding: '16px 16px 16px 16px' } });
    expect(row('display:flex;flex-wrap:wrap').stackOnMobile).toBeUndefined();
    // Boxes as wide as their content cannot be our columns' fixed parts: said once, unless each box takes an equal part.
    const warned = (boxes: string) => imported(`<section style="display:flex">${boxes}</section>`).warnings.filter(({ message }) => /as wide as their content/.test(message));
    expect(warned('<div><p>a</p></div><div><p>b</p></div>')).toEqual([expect.objectContaining({ path: 'html > section[0]', code: 'flex_widths', message: expect.any(String) })]);
    expect(warned('<div style="flex:1"><p>a</p></div><div style="flex:1"><p>b</p></div>')).toEqual([]);
    // A heading of no size of its own is the browser's, in em of the text around it.
    expect(imported('<div style="font-size:20px"><h2>Big</h2><p>text</p></div>').design.body.rows[0].columns[0].blocks[0]).toMatchObject({ style: { fontSize: 30, padding: '0px 0px 25px 0px' } });
    // The outer cell's padding: above the first row of its table, under the last, beside each.
    const rows = imported(`<table><tr><td style="padding:20px 10px"><table><tr><td><p style="margin:0">a</p></td></tr><tr><td><p style="margin:0">b</p></td></tr></table></td></tr></table>`).design.body.rows;
    expect(rows.map((each) => each.style?.padding)).toEqual(['20px 10px 0px 10px', '0px 10px 20px 10px']);
  });

  it('places an image as a browser does: a block at the left, an inline image by its text’s alignment', () => {
    const image = (html: string) => imported(html).design.body.rows[0].columns[0].blocks[0];
    expect(image('<div style="text-align:right"><img src="https://a.example/a.png" style="display:block"></div>')).toMatchObject({ style: { align: 'left' } });
    expect(image('<div style="text-align:right"><img src="https://a.example/a.png"></div>')).toMatchObject({ style: { align: 'right' } });
    expect(image('<div><img src="https://a.example/a.png"></div>')).toMatchObject({ style: { align: 'left' } });
  });

  it('centres a table by its align, not the text in its cells; a row’s align and text-align do align the text', () => {
    const first = (html: string) => imported(html).design.body.rows[0].columns[0].blocks[0];
    expect(first('<table align="center" width="600"><tr><td><p>Spring</p></td></tr></table>')).toMatchObject({ type: 'text', style: { padding: expect.any(String) } });
    expect(first('<table align="center" width="600"><tr><td><p>Spring</p></td></tr></table>')).not.toMatchObject({ style: { textAlign: expect.anything() } });
    expect(first('<table align="center" style="text-align:center"><tr><td><p>Spring</p></td></tr></table>')).toMatchObject({ style: { textAlign: 'center' } });
    expect(first('<table><tr align="right"><td><p>Spring</p></td></tr></table>')).toMatchObject({ style: { textAlign: 'right' } });
  });

  it('refuses only what is not HTML text at all', () => {
    expect(() => imported(42)).toThrow('$.source: HTML is text: send the page’s markup as a string');
    expect(() => imported('  ')).toThrow('html: the HTML is empty');
    expect(imported('just words').design.body.rows[0].columns[0].blocks).toEqual([{ type: 'text', content: [{ type: 'paragraph', content: [{ text: 'just words' }] }], style: { padding: '0px' } }]);
  });
});
