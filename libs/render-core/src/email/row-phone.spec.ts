import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { EmailDesign, Row } from '@embed/design-document';
import { render } from '../render';

const example: EmailDesign = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs/email.json'), 'utf8'));
const IMAGE = { url: 'https://a.example/ovens.jpg' };

/** The element a phone rule's child path (`>div>table>tbody>tr>td`) reaches from the element of its class. */
function reached(html: string, className: string, childPath: string): Element | undefined {
  const document = parseDocument(html);
  let at: Element | undefined = DomUtils.findOne((node) => (node.attribs['class'] ?? '').split(/\s+/).includes(className), document.children) ?? undefined;
  for (const name of childPath.split('>').filter(Boolean)) at = at && DomUtils.getChildren(at).find((child): child is Element => DomUtils.isTag(child) && child.name === name);
  return at;
}

describe('a row’s phone padding in an email', () => {
  it.each([
    ['a row', {}],
    ['a full-width row', { fullWidth: true }],
    ['a row with a background image', { backgroundImage: IMAGE }],
    ['a full-width row with a background image', { fullWidth: true, backgroundImage: IMAGE }],
  ])('replaces the padding of the cell that holds the columns of %s', (_kind, style: NonNullable<Row['style']>) => {
    const row: Row = { columns: [{ blocks: [{ type: 'spacer', height: 10 }] }], style: { ...style, padding: '7px 8px' }, phone: { padding: '1px 2px 3px 4px' } };
    const { html } = render({ ...example, body: { ...example.body, rows: [row] } });
    const rule = /\.(ed-ph\d+)([>a-z]*)\{padding:1px 2px 3px 4px !important\}/.exec(html);
    expect(rule).not.toBeNull();
    const [, className, childPath] = rule as RegExpExecArray;
    expect(reached(html, className, childPath)?.attribs['style']).toMatch(/padding:7px 8px/);
  });
});
