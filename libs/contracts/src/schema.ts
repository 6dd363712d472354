import { type Static, type TSchema, type TObject, type TProperties, Type } from '@sinclair/typebox';
import { DESIGN_MODES, ENVIRONMENTS, TOKEN_ACCESS } from './domain';
import { DESIGN_ID_PATTERN } from './ids';
import { ERROR_CODES } from './errors';

/**
 * The pieces every message schema is built from, with TypeBox: one definition gives the
 * JSON Schema that ajv checks a payload against and the TypeScript type of that payload.
 */

/** An object with exactly these fields: any other is refused, naming it. */
export const Strict = <P extends TProperties>(properties: P, options: object = {}): TObject<P> =>
  Type.Object(properties, { ...options, additionalProperties: false });

/** One of a list of strings, refused as "must be equal to one of the allowed values". */
export const OneOf = <const V extends readonly string[]>(values: V) => Type.Unsafe<V[number]>({ type: 'string', enum: [...values] });

/**
 * Any JSON object, whose inner structure another check judges (a design document:
 * @embed/design-document). Open said outright: code generators read a bare `{type: object}`
 * in the OpenAPI document as an object with no fields.
 */
export const AnyObject = <T = Record<string, unknown>>(options: object = {}) => Type.Unsafe<T>({ ...options, type: 'object', additionalProperties: true });

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * A schema of a type written out as an interface: the interfaces of the answers stay plain
 * TypeScript (the Node client publishes them), and this fails to compile when the schema
 * and the interface disagree, so they cannot drift.
 */
export const describing =
  <T>() =>
  <S extends TSchema>(schema: S, ..._mismatch: Same<Static<S>, T> extends true ? [] : [never]): S =>
    schema;

export const EnvironmentSchema = OneOf(ENVIRONMENTS);
export const DesignModeSchema = OneOf(DESIGN_MODES);
export const TokenAccessSchema = OneOf(TOKEN_ACCESS);
export const TenantScopeSchema = Strict({ projectId: Type.String({ minLength: 1, maxLength: 64 }), environment: EnvironmentSchema });
/** Spec: User id, the integrator's own id for a person. */
export const UserIdSchema = Type.String({ minLength: 1, maxLength: 256 });
/** The person an HTTP request is for, `user` in its body (spec 4.1 and 4.4): their id and nothing else. */
export const UserRefSchema = Strict({ id: UserIdSchema }, { title: 'UserRef' });
export type UserRef = Static<typeof UserRefSchema>;
export const PersonScopeSchema = Strict({ ...TenantScopeSchema.properties, userId: UserIdSchema });
/** A design id, wherever one travels: an HTTP path or body, a message, a webhook. Refused as "must be 26 letters and digits" (message-check.ts). */
export const DesignIdSchema = Type.String({ pattern: DESIGN_ID_PATTERN.source });
export const DesignNameSchema = Type.String({ minLength: 1, maxLength: 200 });
/** Times as the APIs show them: ISO 8601, UTC. */
export const TimeSchema = Type.String({ format: 'date-time' });
/** One page of any list (spec §8: `limit` 1 to 200; `cursor` as the previous page gave it). */
export const PageFields = {
  limit: Type.Integer({ minimum: 1, maximum: 200 }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
};

/** Spec: Error, as it travels between services (the gateway adds the request id). */
export const ServiceErrorSchema = Strict({
  status: Type.Integer({ minimum: 400, maximum: 599 }),
  code: OneOf(ERROR_CODES),
  message: Type.String(),
  details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export const RefusalSchema = Strict({ ok: Type.Literal(false), error: ServiceErrorSchema });

/** The reply of a subject: its value, or a refusal (a domain error as data, see ServiceReply). */
export const ReplySchema = <V extends TSchema>(value: V) => Type.Union([Strict({ ok: Type.Literal(true), value }), RefusalSchema]);
