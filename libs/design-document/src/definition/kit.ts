import { type ObjectOptions, type TLiteral, type TLiteralValue, type TProperties, type TSchema, type TUnion, Type } from '@sinclair/typebox';

// The few shapes the design document is made of, so that each is written once.

/** One of the values, as a union of literals (published as `enum`). */
export const OneOf = <const T extends readonly TLiteralValue[]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;

/** An object that takes no field it does not name: a typo is an error, never ignored. */
export const Closed = <T extends TProperties>(properties: T, options: ObjectOptions = {}) => Type.Object(properties, { ...options, additionalProperties: false });

/**
 * Objects told apart by a string field (a block's `type`, a document's `mode`): the
 * validator picks the one the field names, and its error is about that one only
 * (published as `oneOf` with a `discriminator`).
 */
export const Tagged = <T extends TSchema[]>(tag: string, members: [...T]) =>
  Type.Union(members, {
    type: 'object',
    required: [tag],
    properties: { [tag]: { type: 'string' } },
    discriminator: { propertyName: tag },
  });
