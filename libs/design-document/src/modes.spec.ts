import { DESIGN_DOCUMENT_JSON_SCHEMA as schema } from './definition/json-schema';
import { BLOCK_TYPES, blockTypesFor, DESIGN_MODES } from './modes';

const definitions = schema.$defs as unknown as Record<string, { properties?: Record<string, { const?: unknown; enum?: unknown[] }>; oneOf?: { $ref: string }[] }>;
const definitionOf = (ref: string) => definitions[ref.replace('#/$defs/', '')];

describe('modes and block types', () => {
  it('lists exactly the block types of the schema', () => {
    const types = (definitions['block'].oneOf ?? []).map(({ $ref }) => definitionOf($ref).properties?.['type'].const);
    expect([...BLOCK_TYPES].sort()).toEqual([...types].sort());
  });

  it('lists exactly the modes of the schema', () => {
    const modes = (schema.oneOf as unknown as { properties: { mode: { const: string } } }[]).map((variant) => variant.properties.mode.const);
    expect([...DESIGN_MODES].sort()).toEqual([...modes].sort());
  });

  it('offers forms only where a form can be submitted', () => {
    expect(blockTypesFor('page')).toEqual([...BLOCK_TYPES]);
    expect(blockTypesFor('popup')).toContain('form');
    expect(blockTypesFor('email')).toEqual(BLOCK_TYPES.filter((type) => type !== 'form'));
    expect(blockTypesFor('document')).not.toContain('form');
  });
});
