import { type Static, Type } from '@sinclair/typebox';
import { describing, PersonScopeSchema, Strict } from './schema';

/** Request-reply subjects of the erasure service. A breaking change adds a `.v2` beside the old one. */
export const ERASURE_SUBJECTS = {
  erase: 'erasure.erase.v1',
} as const;

export const EraseUserRequestSchema = Strict({ person: PersonScopeSchema });
export type EraseUserRequest = Static<typeof EraseUserRequestSchema>;

/**
 * `erasing`: the person is known and their erasure runs (spec 4.6: 202, also when asked
 * again while it runs); `never_seen`: nothing to erase (204 with no body).
 */
export type EraseUserOutcome = { status: 'erasing' } | { status: 'never_seen' };
export const EraseUserOutcomeSchema = describing<EraseUserOutcome>()(
  Type.Union([Strict({ status: Type.Literal('erasing') }), Strict({ status: Type.Literal('never_seen') })]),
);
