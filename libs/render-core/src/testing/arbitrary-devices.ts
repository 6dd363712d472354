import fc from 'fast-check';
import type { Block, DesignDocument, Row } from '@embed/design-document';

// Random phone overrides and per-device hiding, put on a random design's rows and blocks
// (each block type gets only what its schema takes).

const padding = fc.constantFrom('0px', '8px 16px', '30px 10px 4px 10px');
const align = fc.constantFrom('left' as const, 'center' as const, 'right' as const);
const fontSize = fc.integer({ min: 8, max: 96 });
const hideOn = fc.option(fc.constantFrom('mobile' as const, 'desktop' as const), { nil: undefined });
const optional = { requiredKeys: [] as [] };

const PHONE = {
  text: fc.record({ padding, fontSize, lineHeight: fc.constantFrom(1, 1.4, 2.5), textAlign: fc.constantFrom('left' as const, 'center' as const, 'justify' as const) }, optional),
  image: fc.record({ padding, align, width: fc.integer({ min: 1, max: 1200 }) }, optional),
  button: fc.record({ padding, align, fontSize, fullWidth: fc.boolean() }, optional),
  links: fc.record({ padding, align, fontSize }, optional),
  box: fc.record({ padding, align }, optional),
  spacer: fc.record({ height: fc.integer({ min: 1, max: 400 }) }, optional),
};
const KIND = {
  text: 'text', heading: 'text', image: 'image', video: 'image', button: 'button', form: 'button',
  social: 'links', menu: 'links', divider: 'box', html: 'box', spacer: 'spacer',
} as const;

const withDevices = <T extends object>(thing: T, phone: fc.Arbitrary<object>): fc.Arbitrary<T> =>
  fc.record({ hideOn, phone: fc.option(phone, { nil: undefined }) }).map(({ hideOn: where, phone: overrides }) => ({
    ...thing,
    ...(where ? { hideOn: where } : {}),
    ...(overrides ? { phone: overrides } : {}),
  }));

const rowPhone = fc.record({ padding, reverseColumns: fc.boolean() }, optional);

/** The design with random overrides and hiding on its rows and blocks. */
export function withDeviceStyles(doc: DesignDocument): fc.Arbitrary<DesignDocument> {
  const block = (one: Block) => withDevices(one, PHONE[KIND[one.type]]);
  const row = (one: Row) =>
    fc.tuple(withDevices(one, rowPhone), fc.tuple(...one.columns.map((column) => fc.tuple(...column.blocks.map(block))))).map(([shell, columns]) => ({
      ...shell,
      columns: one.columns.map((column, c) => ({ ...column, blocks: columns[c] })),
    }));
  return fc.tuple(...doc.body.rows.map(row)).map((rows) => ({ ...doc, body: { ...doc.body, rows } }) as DesignDocument);
}

/** How many rows and blocks carry a phone override that sets something. */
export const overriddenCount = (doc: DesignDocument) =>
  doc.body.rows.reduce(
    (sum, row) => sum + (Object.keys(row.phone ?? {}).length > 0 ? 1 : 0) + row.columns.flatMap((column) => column.blocks).filter((block) => Object.keys(block.phone ?? {}).length > 0).length,
    0,
  );
