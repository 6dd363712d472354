import { DESIGN_DOCUMENT_JSON_SCHEMA as schema } from './definition/json-schema';
import type { BlockType } from './modes';

// Which properties a row or a block may override on phones, as the definition says
// (definition/devices.ts): editors offer exactly these.

type Node = { $ref?: string; properties?: Record<string, Node> };
const definitions = (schema as unknown as { $defs: Record<string, Node> }).$defs;

/** The part that holds phone overrides: a row, or a block of a type. */
export type PhonePart = 'row' | BlockType;

/** The properties the part's `phone` takes, in the definition's order. */
export function phoneProperties(part: PhonePart): string[] {
  const holder = definitions[part === 'row' ? 'row' : `${part}Block`];
  const ref = holder.properties?.phone?.$ref;
  return ref ? Object.keys(definitions[ref.slice('#/$defs/'.length)].properties ?? {}) : [];
}

/** The name of the part ($defs) the phone overrides of `part` follow, for their fields' rules. */
export function phoneDefinition(part: PhonePart): string {
  const ref = definitions[part === 'row' ? 'row' : `${part}Block`].properties?.phone?.$ref;
  if (!ref) throw new Error(`a ${part} has no phone overrides`);
  return ref.slice('#/$defs/'.length);
}
