import { DesignDocumentSchema } from './document';

// The definition as a plain JSON Schema (draft 2020-12), for Ajv and for integrators
// (docs/design-document.schema.json is this, written by tools/design-schema.mjs). TypeBox's
// idioms become the usual keywords, with the same meaning: a union of literals is an
// `enum`, a tagged union a `oneOf` with a `discriminator`, a reference points into `$defs`.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonSchema = { [key: string]: Json };

/** Keywords in the order a reader expects them; others follow in their own order. */
const ORDER = [
  '$schema', '$id', 'title', 'description', 'type', 'additionalProperties', 'required', 'minItems', 'maxItems', 'items',
  'minLength', 'maxLength', 'minimum', 'maximum', 'pattern', 'const', 'enum', 'properties', 'discriminator', 'oneOf', '$ref', '$defs',
];
const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);

const isLiteralUnion = (members: Json): members is { const: Json }[] =>
  Array.isArray(members) && members.every((member) => typeof member === 'object' && member !== null && !Array.isArray(member) && 'const' in member);

const mapValues = (map: Json, each: (value: Json) => Json): Json =>
  Object.fromEntries(Object.entries(map as Record<string, Json>).map(([key, value]) => [key, each(value)]));

function published(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(published);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id' || (key === 'type' && 'const' in schema)) continue;
    if (key === '$ref') out.$ref = `#/$defs/${value as string}`;
    else if (key === 'properties' || key === '$defs') out[key] = mapValues(value, published);
    else if (key === 'anyOf' && isLiteralUnion(value)) out.enum = value.map((member) => member.const);
    else if (key === 'anyOf' && 'discriminator' in schema) out.oneOf = published(value);
    else out[key] = published(value);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => rank(a) - rank(b)));
}

/** The published JSON Schema of the design document. */
export function designDocumentJsonSchema(): JsonSchema {
  const { designDocument, ...parts } = (DesignDocumentSchema as unknown as { $defs: Record<string, Json> }).$defs;
  // TypeBox names each part with an $id, which the published schema leaves out: its one $id is the document's.
  const schema = published({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Design document, version 1',
    description: 'The JSON document the editor saves and the renderer reads. See docs/design-document.md.',
    ...(designDocument as Record<string, Json>),
    $defs: parts,
  }) as JsonSchema;
  return { $schema: schema.$schema, $id: 'https://embed.example/schemas/design-document/v1.json', ...schema };
}

/** Made once per process (a browser bundle included: it is plain data, no code is compiled). */
export const DESIGN_DOCUMENT_JSON_SCHEMA = designDocumentJsonSchema();

/** The text of docs/design-document.schema.json. */
export const publishedSchemaText = () => `${JSON.stringify(designDocumentJsonSchema(), null, 2)}\n`;
