import type { Block, DesignDocument } from '@embed/design-document';
import { validateDesign } from '@embed/design-document';
import { applyCommand, type Command } from './commands';
import { desktopValue, overriddenProperties, phoneValue, phoneView } from './devices';
import { keyOf } from './keys';
import { CommandError } from './paths';
import { exampleEmail as email } from './testing/designs';

const heading = { row: 1, column: 0, block: 1 };
type Loose = Block & { style?: Record<string, unknown>; phone?: Record<string, unknown> };
const blockOf = (doc: DesignDocument, at = heading) => doc.body.rows[at.row].columns[at.column].blocks[at.block] as Loose;
const set = (key: string, value: unknown, at = heading): Command => ({ type: 'setPhoneStyle', target: { kind: 'block', path: at }, key, value });

describe('phone overrides, set and reset one by one', () => {
  it('sets an override beside the desktop value, and its inverse takes it back out', () => {
    const doc = email();
    const before = blockOf(doc);
    const { doc: after, inverse } = applyCommand(doc, set('fontSize', 22));
    expect(blockOf(after).phone).toEqual({ ...before.phone, fontSize: 22 });
    expect(blockOf(after).style).toEqual(before.style);
    expect(validateDesign(after).valid).toBe(true);
    expect(overriddenProperties(blockOf(after))).toContain('fontSize');
    const undone = applyCommand(after, inverse).doc;
    expect(blockOf(undone)).toEqual(before);
  });

  it('resets one override and keeps the others; the last reset takes phone away', () => {
    let doc: DesignDocument = email();
    doc = applyCommand(doc, set('fontSize', 22)).doc;
    doc = applyCommand(doc, set('textAlign', 'center')).doc;
    const reset = applyCommand(doc, set('fontSize', undefined));
    expect(blockOf(reset.doc).phone?.fontSize).toBeUndefined();
    expect(blockOf(reset.doc).phone?.textAlign).toBe('center');
    expect(applyCommand(reset.doc, reset.inverse).doc).toEqual(doc);
    const none = applyCommand(reset.doc, set('textAlign', undefined)).doc;
    expect('phone' in blockOf(none)).toBe(blockOf(email()).phone !== undefined);
  });

  it('refuses what the type does not take, and values the document does not take', () => {
    expect(() => applyCommand(email(), set('color', '#ff0000'))).toThrow(CommandError);
    expect(() => applyCommand(email(), set('width', 100))).toThrow(/takes no phone override of width/);
    expect(() => applyCommand(email(), set('fontSize', 500))).toThrow(/not be valid/);
  });

  it('overrides a row, whose inverse puts it back', () => {
    const doc = email();
    const command: Command = { type: 'setPhoneStyle', target: { kind: 'row', row: 2 }, key: 'reverseColumns', value: true };
    const { doc: after, inverse } = applyCommand(doc, command);
    expect(after.body.rows[2].phone?.reverseColumns).toBe(true);
    expect(applyCommand(after, inverse).doc.body.rows[2]).toEqual(doc.body.rows[2]);
  });
});

describe('the design as a phone shows it', () => {
  it('puts each override in its desktop value’s place, keeping keys and unchanged parts', () => {
    let doc: DesignDocument = email();
    doc = applyCommand(doc, set('fontSize', 22)).doc;
    doc = applyCommand(doc, set('width', 120, { row: 1, column: 0, block: 0 })).doc;
    const shown = phoneView(doc);
    expect(blockOf(shown).style?.fontSize).toBe(22);
    expect((blockOf(shown, { row: 1, column: 0, block: 0 }) as { width?: number }).width).toBe(120);
    expect(keyOf(blockOf(shown))).toBe(keyOf(blockOf(doc)));
    expect(keyOf(shown.body.rows[1])).toBe(keyOf(doc.body.rows[1]));
    expect(shown.body.rows[0]).toBe(doc.body.rows[0]);
    expect(phoneView(doc).body.rows[1]).toBe(shown.body.rows[1]);
    expect(phoneValue(blockOf(doc), 'fontSize')).toBe(22);
    expect(desktopValue(blockOf(doc), 'fontSize')).toBe(blockOf(email()).style?.fontSize);
  });

  it('is the design itself when nothing is overridden', () => {
    const doc = email();
    const plain = { ...doc, body: { ...doc.body, rows: doc.body.rows.map((row) => ({ ...row, phone: undefined, columns: row.columns.map((c) => ({ ...c, blocks: c.blocks.map(({ phone: _p, ...b }) => b as Block) })) })) } } as DesignDocument;
    expect(phoneView(plain)).toBe(plain);
  });
});
