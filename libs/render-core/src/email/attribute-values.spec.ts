import type { EmailDesign } from '@embed/design-document';
import { render } from '../render';
import { example } from '../testing/arbitrary-design';
import { parsedElements } from '../testing/audit-html';

// mrml writes attribute values as Rust's escape_debug does (attribute-values.ts): what a
// reader gets of an alt text, a link or the title mrml copies into the body's aria-label
// must be the design's own characters, not \t, \\ or \u{200d}.

const KEPT = ['a\tb', 'a\nb', 'a\r\nb', 'back\\slash', 'no\u00a0break', 'soft\u00adhyphen', 'family 👨\u200d👩\u200d👧', 'cafe\u0301', 'עברית \u2067abc\u2069', 'é', '日本語', '\u2028'];

describe('email attribute values', () => {
  it.each(KEPT)('carries %j into alt, href and aria-label as written', (written) => {
    // HTML reads a carriage return, and CR LF, as a line feed.
    const words = written.replace(/\r\n?/g, '\n');
    const doc = example('email') as EmailDesign;
    const design: EmailDesign = {
      ...doc,
      settings: { ...doc.settings, subject: written },
      body: { ...doc.body, rows: [{ columns: [{ blocks: [{ type: 'image', src: 'https://img.example/a.png', alt: written, href: `https://shop.example/${words.replace(/\s/g, '')}` }] }] }] },
    };
    const elements = parsedElements(render(design).html);
    const attribute = (tag: string, name: string) => elements.find((element) => element.tag === tag && element.attributes.some(([n]) => n === name))?.attributes.find(([n]) => n === name)?.[1];
    expect(attribute('img', 'alt')).toBe(words);
    expect(attribute('a', 'href')).toBe(`https://shop.example/${words.replace(/\s/g, '')}`);
    expect(elements.find((element) => element.tag === 'div' && element.attributes.some(([name]) => name === 'aria-roledescription'))?.attributes.find(([name]) => name === 'aria-label')?.[1]).toBe(words);
    expect(elements.find((element) => element.tag === 'title')?.text).toBe(words);
  });

  // Written in ASCII where each is made (a text's link, a web font's link) or, for an html block, found by parsing its markup.
  it.each(KEPT)('carries %j into a text link, an html block and a web font link as written', (written) => {
    const words = written.replace(/\r\n?/g, '\n');
    const address = `https://shop.example/${words.replace(/\s/g, '')}`;
    const doc = example('email') as EmailDesign;
    const design: EmailDesign = {
      ...doc,
      body: {
        ...doc.body,
        fonts: [{ family: 'Lora', url: `https://fonts.example/css?family=${words.replace(/\s/g, '')}` }],
        rows: [{ columns: [{ blocks: [
          { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'x', href: address }] }] },
          { type: 'html', html: `<p title="${words.replace(/"/g, '&quot;')}">y</p>` },
        ] }] }],
      },
    };
    const elements = parsedElements(render(design).html);
    const attribute = (tag: string, name: string) => elements.find((element) => element.tag === tag && element.attributes.some(([n]) => n === name))?.attributes.find(([n]) => n === name)?.[1];
    expect(attribute('a', 'href')).toBe(address);
    expect(attribute('p', 'title')).toBe(words);
    expect(attribute('link', 'href')).toBe(`https://fonts.example/css?family=${words.replace(/\s/g, '')}`);
  });
});
