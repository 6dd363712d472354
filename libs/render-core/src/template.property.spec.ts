import fc from 'fast-check';
import { layoutDesign } from './layout';
import { compileTemplate, type MergeTemplate, type Slot } from './template';
import { design, MODES, RAW_HTML } from './testing/arbitrary-design';
import { Warnings } from './warnings';

// Templates are read token by token; markup only the tree builder reads right is parsed into
// parse5's tree, and so are a text source's links where the tokens do not tell what the tree
// holds (template.ts). The tree is the oracle: over laid-out designs of every mode both ways
// find the same slots and the same unsafe addresses; over any markup at all, the token way
// finds every place the tree way does (it may find more, in start tags the tree builder
// ignores and text runs it joins), and the same tagged links.

const read = (html: string, tree: boolean) => {
  const warnings = new Warnings();
  const template = compileTemplate(html, warnings, { links: true, tree });
  return { template, warnings: warnings.list().sort(), links: template.links.map((link) => JSON.stringify(link)).sort() };
};
// A text slot's element is its raw-text element the token way, its parent the tree way: neither decides anything.
const place = ({ start, end, attribute, element, pieces }: Slot) => JSON.stringify({ start, end, attribute, element: attribute && element, pieces });
const places = (template: MergeTemplate) => template.slots.map(place);
// Where a slot is, told apart from where it starts (the tree leaves out whitespace in places, such as before the html element).
const tagsOf = ({ attribute, element, pieces }: Slot) => JSON.stringify({ attribute, element: attribute && element, tags: pieces.filter((piece) => typeof piece !== 'string') });

// Markup whose reading differs between a tokenizer left alone and a tree builder: raw-text
// elements, tables (foster parenting), ignored and implied tags, comments, foreign content, selects.
const STRUCTURE = [
  '<table>', '</table>', '<tr>', '<td title="{{contact.a}}">', '</td>', '<caption>', '<p>', '</p>', '</span>', '<b>', '</b>', '<pre>\n',
  '<title>', '</title>', '<style>', '</style>', '<script>', '</script>', '<textarea>', '</textarea>', '<noscript>', '</noscript>',
  '<xmp>', '<plaintext>', '<!--[if mso]>', '<![endif]-->', '<!-->', '<?x>', '<![CDATA[', ']]>', '<svg>', '</svg>', '<math>',
  '<select>', '</select>', '<template>', '</template>', '<col>', '<image src="{{contact.b}}">', '<body title="{{contact.a}}">',
  '<a href="javascript:alert(1)">', '<a href="{{contact.a}}">', '</a>', '<strong>', '</strong>', '<br>', '<img alt="{{contact.a}}">', '<div>', '</div>',
  '{{contact.a}}', 'x', ' ', '\u0000', '&#123;{contact.b}}',
];
const markup = fc.array(fc.constantFrom(...RAW_HTML, ...STRUCTURE), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));

type Doc = Parameters<typeof layoutDesign>[0];
type Blocks = Doc['body']['rows'][number]['columns'][number]['blocks'];
const noHtml = (blocks: Blocks) => blocks.filter((block) => block.type !== 'html');

/** The design without its html blocks: those of its rows, and of a document's header and footer. */
function withoutHtmlBlocks(doc: Doc): Doc {
  const rows = doc.body.rows.map((row) => ({ ...row, columns: row.columns.map((column) => ({ ...column, blocks: noHtml(column.blocks) })) }));
  if (doc.mode !== 'document') return { ...doc, body: { ...doc.body, rows } } as Doc;
  const { header, footer } = doc.settings;
  return { ...doc, body: { ...doc.body, rows }, settings: { ...doc.settings, header: header && { ...header, blocks: noHtml(header.blocks) }, footer: footer && { ...footer, blocks: noHtml(footer.blocks) } } } as Doc;
}

describe('the merge template read token by token, against the tree', () => {
  it.each(MODES)('finds the same slots, unsafe addresses and tagged links in a laid-out %s and its text source', (mode) => {
    fc.assert(
      fc.property(design(mode), (doc) => {
        // Raw html in a table's text the tree builder moves and joins to other text: the any-markup test below holds those.
        const layout = layoutDesign(withoutHtmlBlocks(doc));
        for (const html of [layout.html.source, layout.text.source]) {
          const tokens = read(html, false);
          const tree = read(html, true);
          expect(tokens.template.source).toBe(tree.template.source);
          expect(places(tokens.template)).toEqual(places(tree.template));
          expect(tokens.warnings).toEqual(tree.warnings);
          expect(tokens.links).toEqual(tree.links);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('finds every slot and unsafe address the tree does, and the same tagged links, in any markup', () => {
    fc.assert(
      fc.property(markup, (html) => {
        const tokens = read(html, false);
        const tree = read(html, true);
        // Each slot the tree finds is one the tokens find (a text run the tree builder joins to another is a slot only the token way).
        const found = tokens.template.slots.map(tagsOf);
        for (const slot of tree.template.slots) {
          const at = found.indexOf(tagsOf(slot));
          expect(at).not.toBe(-1);
          found.splice(at, 1);
        }
        for (const warning of tree.warnings) expect(tokens.warnings).toContain(warning);
        expect(tokens.links).toEqual(tree.links);
      }),
      { numRuns: 400 },
    );
  });
});
