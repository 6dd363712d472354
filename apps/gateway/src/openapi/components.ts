import type { TSchema } from '@sinclair/typebox';

export type JsonSchema = Record<string, unknown>;

/** A schema as JSON (TypeBox marks its objects with symbols, which a document leaves out). */
export const asJsonSchema = (schema: TSchema): JsonSchema => JSON.parse(JSON.stringify(schema)) as JsonSchema;

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The document's `components.schemas`, made from the registry's schemas as they are: a
 * schema nested in another that has a `title` (a Merge, HtmlChunks, DesignSummary) becomes
 * the component of that name, referred to wherever it stands, so that generated clients
 * get one type of it. An answer is shown open (its objects' `additionalProperties: false`
 * left out), for within v1 answers only gain fields and clients ignore those they do not
 * know; a request body stays strict, as the gateway checks it. A field that is never there
 * (an HtmlExport's `format`) is the schema `false`.
 */
export class Components {
  readonly schemas: Record<string, JsonSchema> = {};

  /** Adds `schema` as the component `name`, and every titled schema inside it. */
  add(name: string, schema: TSchema, shown: { open: boolean }): void {
    this.put(name, this.convert(asJsonSchema(schema), shown.open, true) as JsonSchema);
  }

  /** A reference to the titled `schema`, added as a component. */
  refer(schema: TSchema, shown: { open: boolean }): JsonSchema {
    const name = schema.title;
    if (typeof name !== 'string') throw new Error('a schema shown as a component needs a title, its name in the document');
    this.add(name, schema, shown);
    return schemaRef(name);
  }

  /** The schema written out where it is used (a parameter's), titled schemas inside it referred to. */
  inline(schema: TSchema, shown: { open: boolean }): JsonSchema {
    return this.convert(asJsonSchema(schema), shown.open, true) as JsonSchema;
  }

  private put(name: string, schema: JsonSchema): void {
    const known = this.schemas[name];
    if (known && JSON.stringify(known) !== JSON.stringify(schema)) throw new Error(`two different schemas are named ${name}: give one another title`);
    this.schemas[name] = schema;
  }

  private convert(node: unknown, open: boolean, root = false): unknown {
    if (Array.isArray(node)) return node.map((item) => this.convert(item, open));
    if (node === null || typeof node !== 'object') return node;
    const schema = node as JsonSchema;
    // A schema that takes nothing (TypeBox's Never), as code generators read it: `never`.
    if (JSON.stringify(schema) === '{"not":{}}') return false;
    if (!root && typeof schema['title'] === 'string') {
      this.put(schema['title'], this.convert(schema, open, true) as JsonSchema);
      return schemaRef(schema['title']);
    }
    const converted = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, this.convert(value, open)]));
    if (open && converted['additionalProperties'] === false) delete converted['additionalProperties'];
    return converted;
  }
}
