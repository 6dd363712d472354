import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateDesign } from '@embed/design-document';
import { importDesign, SourceUnreadable } from './index';

const fixture = JSON.parse(readFileSync(path.join(__dirname, 'fixtures/newsletter.unlayer.json'), 'utf8'));
const mergeTags = { '*|FNAME|*': '{{contact.first_name}}', '[unsubscribe]': '{{unsubscribe_url}}' };
const imported = (source: unknown) => importDesign({ format: 'unlayer', source, mode: 'email', mergeTags });
/** A design of one row holding one content. */
const single = (type: string, values: Record<string, unknown>) => ({ body: { rows: [{ cells: [1], columns: [{ contents: [{ type, values }] }] }] } });
const blockOf = (type: string, values: Record<string, unknown>) => imported(single(type, values)).design.body.rows[0].columns[0].blocks[0];

describe('Unlayer import', () => {
  const { design, warnings } = imported(fixture);
  const [first, second, third] = design.body.rows;

  it('makes a valid email design: body values as body style and preheader', () => {
    expect(validateDesign(design).valid).toBe(true);
    expect(design.settings).toEqual({ subject: '', preheader: 'Trail news for {{contact.first_name}}' });
    expect(design.body.style).toEqual({ backgroundColor: '#eef2f5', contentWidth: 600, fontFamily: 'arial,helvetica,sans-serif', color: '#1b2631', linkColor: '#0b6e99' });
  });

  it('reads headings from their HTML, and text from textJson (Lexical) before its HTML', () => {
    expect(first.columns[0].blocks[0]).toEqual({ type: 'heading', level: 1, content: [{ text: 'Ridge Runners Club' }], style: { textAlign: 'center', fontSize: 28, lineHeight: 1.4 } });
    expect(first.columns[0].blocks[1]).toEqual({
      type: 'text',
      content: [
        { type: 'paragraph', content: [{ text: 'Hi {{contact.first_name}}, ' }, { text: 'Saturday', bold: true }, { text: ' we run the ridge.' }] },
        { type: 'list', ordered: true, items: [[{ text: 'Meet at 8', italic: true }], [{ text: 'See the map', href: 'https://ridge-runners.example/map' }]] },
      ],
      style: { padding: '10px 20px', textAlign: 'left', lineHeight: 1.5 },
    });
    expect(warnings).toContainEqual(expect.objectContaining({ path: '$.body.rows[0].columns[0].contents[1].values._override.mobile', code: 'phone_values', message: expect.stringMatching(/phone-only values are not kept/) }));
  });

  it('reads cells as column ratios, noStackMobile, the row background image and hideMobile', () => {
    expect(second.columns.map((column) => column.ratio)).toEqual([8, 4]);
    expect(second).toMatchObject({ stackOnMobile: false, style: { contentBackgroundColor: '#ffffff', padding: '0px', backgroundImage: { url: 'https://cdn.ridge-runners.example/hills.jpg', size: 'cover' }, fullWidth: true } });
    expect(third.hideOn).toBe('mobile');
  });

  it('reads images, buttons, dividers and videos', () => {
    const [button, divider, video] = second.columns[1].blocks;
    expect(second.columns[0].blocks[0]).toEqual({
      type: 'image',
      src: 'https://cdn.ridge-runners.example/dawn.jpg',
      alt: 'Runners on the ridge at dawn',
      href: 'https://ridge-runners.example/gallery',
      width: 800,
      style: { padding: '0px', align: 'center' },
    });
    expect(button).toEqual({
      type: 'button',
      text: 'Join the run',
      href: 'https://ridge-runners.example/join',
      style: { buttonColor: '#2e7d32', color: '#ffffff', fontSize: 14, innerPadding: '10px 20px', align: 'center', borderRadius: 4 },
    });
    expect(divider).toEqual({ type: 'divider', style: { color: '#bbbbbb', thickness: 1, lineStyle: 'solid', width: 60, align: 'center' } });
    expect(video).toEqual({ type: 'video', url: 'https://www.youtube.com/watch?v=abcDEF12345', thumbnail: 'https://img.youtube.com/vi/abcDEF12345/hqdefault.jpg' });
  });

  it('reads social and menu; an unknown network is a web link, a javascript: link is dropped with a warning', () => {
    const [social, menu, html, text] = third.columns[0].blocks;
    expect(social).toEqual({ type: 'social', links: [{ network: 'facebook', href: 'https://facebook.example/ridgerunners' }, { network: 'web', href: 'https://strava.example/clubs/ridge' }], style: { align: 'center' } });
    expect(menu).toEqual({ type: 'menu', items: [{ text: 'Races', href: 'https://ridge-runners.example/races' }, { text: 'Club' }], style: { align: 'center', separator: '|', color: '#444444' } });
    expect(warnings).toContainEqual(expect.objectContaining({ path: '$.body.rows[2].columns[0].contents[1].values.menu.items[1]', code: 'link_unsafe', message: expect.stringMatching(/javascript: address/) }));
    expect(html).toEqual({ type: 'html', html: '<div>Members only <a>x</a></div>' });
    expect(text).toEqual({
      type: 'text',
      content: [{ type: 'paragraph', content: [{ text: 'Unsubscribe', href: '{{unsubscribe_url}}' }, { text: ' · ' }, { text: 'Ridge Runners Club', color: '#787878' }] }],
    });
  });

  it('names what it left out: a custom tool, a block hidden on one screen', () => {
    expect(warnings).toContainEqual(expect.objectContaining({ path: '$.body.rows[2].columns[0].contents[3]', code: 'unknown_content', message: expect.stringMatching(/"custom#countdown".*left out/) }));
    expect(warnings).toContainEqual(expect.objectContaining({ path: '$.body.rows[2].columns[0].contents[2].values', code: 'hidden_on_desktops', message: expect.stringMatching(/hidden on desktops/) }));
    expect(JSON.stringify(design)).not.toMatch(/javascript|onmouseover|iframe|steal/i);
  });

  it('reads a design given as its JSON text, and refuses what is not an Unlayer design, naming the place', () => {
    expect(imported(JSON.stringify(fixture)).design).toEqual(design);
    expect(() => imported('{not json')).toThrow(SourceUnreadable);
    expect(() => imported({ body: { rows: {} } })).toThrow('$.body.rows: an Unlayer design has body.rows, a list of rows');
    expect(() => imported([])).toThrow('$: an Unlayer design is a JSON object with body.rows');
  });

  it('reads older designs: a button’s href as a string, a text without textJson', () => {
    expect(blockOf('button', { text: 'Go', href: 'https://old.example' })).toMatchObject({ type: 'button', text: 'Go', href: 'https://old.example' });
    expect(blockOf('text', { text: '<p>Plain <b>old</b></p>' })).toEqual({ type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Plain ' }, { text: 'old', bold: true }] }] });
  });

  it('keeps a heading of h5 or h6 as level 4, with a warning', () => {
    expect(blockOf('heading', { headingType: 'h6', text: 'Small' })).toEqual({ type: 'heading', level: 4, content: [{ text: 'Small' }] });
  });
});
