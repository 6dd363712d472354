import type { DesignDocument } from '@embed/design-document/model';
import { blankDesign, newBlock } from '@embed/editor-core';
import { inheritedColour } from './inherited-colours';
import { BLOCK_FIELDS, BODY_FIELDS, COLUMN_FIELDS, rowFields } from './property-fields';

/** An email with the body's colours set, and a text block in its second row. */
function email(): DesignDocument {
  const doc = blankDesign('email', 'Colours');
  doc.body.style = { backgroundColor: '#f3f1ec', contentBackgroundColor: '#ffffff', color: '#2b2b2b', linkColor: '#1f5f4a' };
  doc.body.rows = [{ columns: [{ blocks: [] }] }, { columns: [{ blocks: [newBlock('heading'), newBlock('text'), newBlock('text')] }] }];
  return doc;
}
const field = (fields: typeof COLUMN_FIELDS, key: string, within = 'style') => fields.find((spec) => spec.key === key && (spec.in?.at(-1) ?? 'style') === within)!;

describe('inheritedColour', () => {
  it('gives a block the body’s text and link colours, and what is behind it as its background', () => {
    const doc = email();
    const row = doc.body.rows[1];
    const owner = { kind: 'block', block: row.columns[0].blocks[2], row, column: 0 } as const;
    expect(inheritedColour(doc, owner, field(BLOCK_FIELDS.text, 'color'))).toBe('#2b2b2b');
    expect(inheritedColour(doc, owner, field(BLOCK_FIELDS.text, 'linkColor'))).toBe('#1f5f4a');
    expect(inheritedColour(doc, owner, field(BLOCK_FIELDS.text, 'backgroundColor'))).toBe('#ffffff');
    row.columns[0].style = { backgroundColor: '#eeeeee' };
    expect(inheritedColour(doc, owner, field(BLOCK_FIELDS.text, 'backgroundColor'))).toBe('#eeeeee');
  });

  it('gives buttons and dividers the renderer’s defaults, and a border nothing', () => {
    const doc = email();
    const row = doc.body.rows[1];
    const button = { kind: 'block', block: newBlock('button'), row, column: 0 } as const;
    expect(inheritedColour(doc, button, field(BLOCK_FIELDS.button, 'buttonColor'))).toBe('#1f2937');
    expect(inheritedColour(doc, button, field(BLOCK_FIELDS.button, 'color'))).toBe('#ffffff');
    expect(inheritedColour(doc, button, field(BLOCK_FIELDS.button, 'color', 'border'))).toBeUndefined();
    expect(inheritedColour(doc, { ...button, block: newBlock('divider') }, field(BLOCK_FIELDS.divider, 'color'))).toBe('#dddddd');
  });

  it('gives rows, columns and the body the colours around them', () => {
    const doc = email();
    delete doc.body.style!.backgroundColor;
    expect(inheritedColour(doc, { kind: 'row', row: doc.body.rows[0] }, field(rowFields('email'), 'backgroundColor'))).toBe('#ffffff');
    expect(inheritedColour(doc, { kind: 'column', row: { ...doc.body.rows[0], style: { contentBackgroundColor: '#fafafa' } } }, field(COLUMN_FIELDS, 'backgroundColor'))).toBe('#fafafa');
    expect(inheritedColour(doc, { kind: 'body' }, BODY_FIELDS.find((spec) => spec.key === 'color')!)).toBe('#1f2937');
  });
});
