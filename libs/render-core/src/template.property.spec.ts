import fc from 'fast-check';
import { layoutDesign } from './layout';
import { compileTemplate, type MergeTemplate, type Slot } from './template';
import { design, MODES, RAW_HTML } from './testing/arbitrary-design';
import { Warnings } from './warnings';

// The HTML template is read token by token, the text template (whose links need a tree) and
// markup only the tree builder reads right are parsed into parse5's tree (template.ts). The
// tree is the oracle: over laid-out designs of every mode both ways find the same slots and
// the same unsafe addresses; over any markup at all, the token way finds every place the tree
// way does (it may find more, in start tags the tree builder ignores and text runs it joins).

const read = (html: string, tree: boolean) => {
  const warnings = new Warnings();
  const template = compileTemplate(html, warnings, { links: tree });
  return { template, warnings: warnings.list().sort() };
};
// A text slot's element is its raw-text element the token way, its parent the tree way: neither decides anything.
const place = ({ start, end, attribute, element, pieces }: Slot) => JSON.stringify({ start, end, attribute, element: attribute && element, pieces });
const places = (template: MergeTemplate) => template.slots.map(place);

// Markup whose reading differs between a tokenizer left alone and a tree builder: raw-text
// elements, tables (foster parenting), ignored and implied tags, comments, foreign content, selects.
const STRUCTURE = [
  '<table>', '</table>', '<tr>', '<td title="{{contact.a}}">', '</td>', '<caption>', '<p>', '</p>', '</span>', '<b>', '</b>', '<pre>\n',
  '<title>', '</title>', '<style>', '</style>', '<script>', '</script>', '<textarea>', '</textarea>', '<noscript>', '</noscript>',
  '<xmp>', '<plaintext>', '<!--[if mso]>', '<![endif]-->', '<!-->', '<?x>', '<![CDATA[', ']]>', '<svg>', '</svg>', '<math>',
  '<select>', '</select>', '<template>', '</template>', '<col>', '<image src="{{contact.b}}">', '<body title="{{contact.a}}">',
  '<a href="javascript:alert(1)">', '<a href="{{contact.a}}">', '{{contact.a}}', 'x', '\u0000', '&#123;{contact.b}}',
];
const markup = fc.array(fc.constantFrom(...RAW_HTML, ...STRUCTURE), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));

describe('the merge template read token by token, against the tree', () => {
  it.each(MODES)('finds the same slots and unsafe addresses in a laid-out %s', (mode) => {
    fc.assert(
      fc.property(design(mode), (doc) => {
        const html = layoutDesign(doc).html.source;
        const tokens = read(html, false);
        const tree = read(html, true);
        expect(tokens.template.source).toBe(tree.template.source);
        expect(places(tokens.template)).toEqual(places(tree.template));
        expect(tokens.warnings).toEqual(tree.warnings);
      }),
      { numRuns: 25 },
    );
  });

  it('finds every slot and unsafe address the tree does, in any markup', () => {
    fc.assert(
      fc.property(markup, (html) => {
        const tokens = read(html, false);
        const tree = read(html, true);
        const found = new Set(places(tokens.template));
        // Slots are placed in each way's own source: compared where both sources agree up to the slot.
        for (const slot of tree.template.slots)
          if (tokens.template.source.slice(0, slot.end) === tree.template.source.slice(0, slot.end)) expect(found).toContain(place(slot));
        for (const warning of tree.warnings) expect(tokens.warnings).toContain(warning);
      }),
      { numRuns: 400 },
    );
  });
});
