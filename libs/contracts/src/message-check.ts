import type { TSchema } from '@sinclair/typebox';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { fail, ok, type ServiceReply } from './errors';
import { MESSAGES, type RequestOf, type Subject } from './messages';
import { documentPatternRule } from '@embed/design-document/model';
import { DESIGN_ID_PATTERN, IMAGE_ID_PATTERN, SAVED_ROW_ID_PATTERN } from './ids';
import { isMergeUrl, MERGE_URL_MEANING } from './render';

// A receiver never trusts its sender's validation: every payload is checked on arrival.
const options = { allErrors: false, strict: true, formats: { uri: isMergeUrl } } as const;
const ajv = new Ajv2020(options);
// HTTP path parameters and queries are text: there a number is read from its digits (`?limit=20`).
const textAjv = new Ajv2020({ ...options, coerceTypes: true });
const checks = new WeakMap<TSchema, ValidateFunction>();
const textChecks = new WeakMap<TSchema, ValidateFunction>();

function compiled(schema: TSchema, cache: WeakMap<TSchema, ValidateFunction>, compiler: Ajv2020): ValidateFunction {
  let check = cache.get(schema);
  if (!check) {
    check = compiler.compile(schema);
    cache.set(schema, check);
  }
  return check;
}

/** The check of one schema of the registry, compiled once: a subject's request, or an HTTP body (http-inputs.ts). */
export const schemaCheck = (schema: TSchema): ValidateFunction => compiled(schema, checks, ajv);

/**
 * The check of an HTTP input (http-inputs.ts). `readsText`: the input is the text of a path
 * or query, whose numbers and booleans it converts in place as it checks them; a JSON body's
 * types are never converted (a number sent as a string is wrong).
 */
export const inputCheck = (schema: TSchema, { readsText }: { readsText: boolean }): ValidateFunction =>
  readsText ? compiled(schema, textChecks, textAjv) : schemaCheck(schema);

/** What a pattern means, in a refusal's words, where "must match pattern …" would say little. */
const PATTERN_MEANINGS: Record<string, string> = {
  [DESIGN_ID_PATTERN.source]: '26 letters and digits',
  [IMAGE_ID_PATTERN.source]: '"img_" and 26 lower-case letters and digits',
  [SAVED_ROW_ID_PATTERN.source]: '"row_" and 26 lower-case letters and digits',
};

/** The dotted path of the field a check refused, under `root` ("merge.contact"). */
export const refusedField = (error: ErrorObject | undefined, root = ''): string =>
  [root, ...(error?.instancePath ?? '').split('/').filter(Boolean)].filter(Boolean).join('.');

/**
 * "person.userId must NOT have more than 256 characters", "merge.contact keys must NOT have
 * fewer than 1 characters", "user.id is required": the field by its path under `root`, then the reason.
 */
export function describeRefusal(error: ErrorObject | undefined, root = ''): string {
  // A missing field is named by its own path ("user is required"), not by the object that lacks it.
  if (error?.keyword === 'required') return `${[refusedField(error, root), String(error.params.missingProperty)].filter(Boolean).join('.')} is required`;
  const field = refusedField(error, root) || 'payload';
  if (error?.keyword === 'format' && error.params.format === 'uri') return `${field} must be ${MERGE_URL_MEANING}`;
  const meaning = error?.keyword === 'pattern' ? PATTERN_MEANINGS[String(error.params.pattern)] : undefined;
  if (meaning) return `${field} must be ${meaning}`;
  const documentRule = error?.keyword === 'pattern' ? documentPatternRule(String(error.params.pattern)) : undefined;
  if (documentRule) return `${field} ${documentRule}`;
  const extra = error?.keyword === 'additionalProperties' ? ` "${String(error.params.additionalProperty)}"` : '';
  // A refused key (of a Merge's contact, say) is reported at its object, as ajv does; say it is a key.
  const keys = error?.propertyName === undefined ? '' : ' keys';
  return `${field}${keys} ${error?.message ?? 'is not valid'}${extra}`;
}

/**
 * Compiles the check of a subject's request once (the first compile takes ajv a good part
 * of a second): a service does it for the subjects it handles when it loads, so that no
 * request waits for it (see Handles in service-runtime).
 */
export const requestCheckOf = (subject: Subject): ValidateFunction => schemaCheck(MESSAGES[subject].request);

/**
 * The payload as the subject's request when its schema takes it, else the one refusal every
 * service answers for a payload it does not take: 400 request_invalid naming the field.
 */
export function checkRequest<S extends Subject>(subject: S, payload: unknown): ServiceReply<RequestOf<S>> {
  const check = requestCheckOf(subject);
  return check(payload) ? ok(payload as RequestOf<S>) : fail(400, 'request_invalid', describeRefusal(check.errors?.[0]));
}
