import type { TSchema } from '@sinclair/typebox';
import { registerDecorator } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { describeRefusal, MergeSchema, refusedField, schemaCheck, TextOptionsSchema, UserRefSchema } from '@embed/contracts';

/**
 * The parts of HTTP request bodies that travel on in messages between services, by the
 * name of their component in the OpenAPI document. Each is the registry's own schema: the
 * gateway checks a body's part with it, the receiving service checks the message with it,
 * and the document shows it, so the three cannot say different things.
 */
export const SHARED_PARTS = { Merge: MergeSchema, TextOptions: TextOptionsSchema, UserRef: UserRefSchema } satisfies Record<string, TSchema>;
export type SharedPart = keyof typeof SHARED_PARTS;

/** A schema as JSON (TypeBox marks its objects with symbols, which a document leaves out). */
export const asJsonSchema = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

/**
 * A DTO field that must be what `schema` takes, checked by the registry's compiled check
 * as class-validator runs the DTO's other rules, and refused in the gateway's words
 * ("merge.contact.first_name must be string", "user.email is not an allowed field").
 * The OpenAPI document shows it as `documented`: the schema itself unless said otherwise.
 */
export function Conforms(schema: TSchema, documented: object = asJsonSchema(schema)) {
  const check = schemaCheck(schema);
  const refusal = (property: string, value: unknown): string => {
    check(value);
    const error = check.errors?.[0];
    return error?.keyword === 'additionalProperties'
      ? `${refusedField(error, property)}.${String(error.params.additionalProperty)} is not an allowed field`
      : describeRefusal(error, property);
  };
  return (object: object, property: string) => {
    // A function replaces what the library would infer from the field's TypeScript type.
    JSONSchema(() => documented as { type: 'object' })(object, property);
    registerDecorator({
      name: 'conforms',
      target: object.constructor,
      propertyName: property,
      options: { message: ({ value }) => refusal(property, value) },
      validator: { validate: (value: unknown) => check(value) },
    });
  };
}

/** A DTO field that is the shared part `name`: checked by its schema, a reference to its component in the document. */
export const IsSharedPart = (name: SharedPart) => Conforms(SHARED_PARTS[name], { $ref: `#/components/schemas/${name}` });
