import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as csstree from 'css-tree';
import fc from 'fast-check';
import type { DesignDocument, EmailDesign } from '@embed/design-document';
import { validateDesign } from '@embed/design-document';
import { cssString } from './css';
import { render } from './render';
import { parsedElements } from './testing/audit-html';

// Web-font addresses of every shape the schema takes (https, no space, <, > or "), the
// characters HTML and CSS care about included: the email links each one exactly and imports
// each one exactly, read as a browser reads HTML (parse5) and CSS (css-tree), and nothing
// in an address reaches the stylesheet as anything but its own @import.

const email = (): EmailDesign => JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/examples/designs/email.json'), 'utf8'));

// No backslash: mrml doubles it in every attribute it writes (the links of text and buttons
// too), a quirk of its own that this does not fix.
const PIECES = ['a', '/', '?family=Inter:wght@400;700', '&', '&amp;', '&lt;', '&#41;', '=', "'", '(', ')', ';', '}', '{', '*', '@import', '%29', '#x', ':', ','];
const fontUrl = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((pieces) => `https://fonts.example/${pieces.join('')}`);

/** The link hrefs and style texts of the HTML, as a browser reads them, outside comments. */
function read(html: string): { links: string[]; styles: string[] } {
  const elements = parsedElements(html).filter((element) => !element.commented);
  return {
    links: elements.filter((element) => element.tag === 'link').map((element) => element.attributes.find(([name]) => name === 'href')?.[1] ?? ''),
    styles: elements.filter((element) => element.tag === 'style').map((element) => element.text),
  };
}

/** The addresses a stylesheet imports, or null when it holds anything but @import rules. */
function importsOnly(css: string): string[] | null {
  const sheet = csstree.parse(css) as csstree.StyleSheet;
  const imported: string[] = [];
  for (const rule of sheet.children.toArray()) {
    if (rule.type !== 'Atrule' || rule.name !== 'import' || !rule.prelude || rule.prelude.type !== 'AtrulePrelude') return null;
    const [address, ...rest] = rule.prelude.children.toArray();
    if ((address?.type !== 'String' && address?.type !== 'Url') || rest.length > 0) return null;
    imported.push(address.value);
  }
  return imported;
}

// Text with the characters a CSS string or a style element cares about. No NUL: no design
// holds one (the API refuses it, PostgreSQL cannot store it).
const CSS_PIECES = ['"', "'", '\\', '\n', '\r\n', '\f', '<', '</style>', ')', ';', '}', 'a', '\u00e9'];
const cssText = fc
  .array(fc.oneof(fc.constantFrom(...CSS_PIECES), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 10 })
  .map((pieces) => pieces.join('').replace(/\0/g, ''));

describe('an email’s web fonts', () => {
  it('are linked and imported at exactly their addresses, whatever characters those hold', () => {
    fc.assert(
      fc.property(fc.array(fontUrl, { minLength: 1, maxLength: 3 }), (urls) => {
        const doc = email();
        doc.body.fonts = urls.map((url, i) => ({ family: `Font ${i}`, url }));
        fc.pre(validateDesign(doc as DesignDocument).valid);
        const result = render(doc);
        const { links, styles } = read(result.html);
        expect(links).toEqual(urls);
        const importing = styles.filter((css) => css.includes('@import'));
        expect(importing.map(importsOnly)).toEqual([urls]);
        expect(result.chunks.fonts).toEqual([...new Set(urls)]);
        // The css chunk is one stylesheet: its imports lead, where CSS honours them.
        const chunkRules = (csstree.parse(result.chunks.css) as csstree.StyleSheet).children.toArray();
        expect(chunkRules.slice(0, urls.length).map((rule) => rule.type === 'Atrule' && rule.name)).toEqual(urls.map(() => 'import'));
      }),
      { numRuns: 200 },
    );
  });

  it('are written as CSS strings that hold any text exactly and never end their style element', () => {
    fc.assert(
      fc.property(cssText, (text) => {
        const written = cssString(text);
        expect(written).not.toContain('<');
        expect(importsOnly(`@import ${written};`)).toEqual([text]);
      }),
      { numRuns: 500 },
    );
  });
});
