import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import { DESIGN_MODES, ENVIRONMENTS, fail, ok, type ServiceReply } from '@embed/contracts';

// The gateway validates too; a receiver never trusts its sender's validation.
const ajv = new Ajv2020({ allErrors: false, strict: true });

/** "person.userId must NOT have more than 256 characters": the field by its path, then the reason. */
function describe(error: ErrorObject | undefined): string {
  const field = (error?.instancePath ?? '').split('/').filter(Boolean).join('.') || 'payload';
  const extra = error?.keyword === 'additionalProperties' ? ` "${String(error.params.additionalProperty)}"` : '';
  return `${field} ${error?.message ?? 'is not valid'}${extra}`;
}

/** A checker that passes a payload matching `schema` on as T, and answers 400 request_invalid otherwise. */
export function payloadChecker<T>(schema: object): (payload: unknown) => ServiceReply<T> {
  const check = ajv.compile<T>(schema);
  return (payload) => (check(payload) ? ok(payload) : fail(400, 'request_invalid', describe(check.errors?.[0])));
}

/** Runs `handle` on a checked payload, or hands the refusal back as the reply. */
export const whenValid = <T, R>(checked: ServiceReply<T>, handle: (value: T) => Promise<ServiceReply<R>>): Promise<ServiceReply<R>> =>
  checked.ok ? handle(checked.value) : Promise.resolve(checked);

/** Schema pieces shared by the payloads of several subjects. */
export const strictObject = (properties: Record<string, object>, required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

const tenantFields = { projectId: { type: 'string', minLength: 1, maxLength: 64 }, environment: { enum: [...ENVIRONMENTS] } };
export const tenantScopeSchema = strictObject(tenantFields, ['projectId', 'environment']);
export const personScopeSchema = strictObject(
  { ...tenantFields, userId: { type: 'string', minLength: 1, maxLength: 256 } },
  ['projectId', 'environment', 'userId'],
);
export const designIdSchema = { type: 'string', pattern: '^[0-9A-Za-z]{26}$' };
export const designModeSchema = { enum: [...DESIGN_MODES] };
/** The document's inner structure is checked by @embed/design-document, which names the JSON path. */
export const designDocumentSchema = { type: 'object' };
export const designNameSchema = { type: 'string', minLength: 1, maxLength: 200 };
