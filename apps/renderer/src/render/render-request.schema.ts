import Ajv2020 from 'ajv/dist/2020';
import { DESIGN_MODES, type RenderDesignRequest } from '@embed/contracts';

// The gateway checks the request too; a receiver never trusts its sender's validation.
const url = { type: 'string', minLength: 1, maxLength: 2048 };
const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['mode', 'doc'],
  properties: {
    mode: { enum: [...DESIGN_MODES] },
    doc: {},
    designId: { type: 'string', minLength: 1, maxLength: 64 },
    merge: {
      type: 'object',
      additionalProperties: false,
      properties: {
        contact: {
          type: 'object',
          maxProperties: 500,
          propertyNames: { minLength: 1, maxLength: 100 },
          additionalProperties: { type: 'string', maxLength: 2000 },
        },
        unsubscribeUrl: url,
        preferencesUrl: url,
      },
    },
    text: {
      type: 'object',
      additionalProperties: false,
      properties: { links: { type: 'boolean' }, images: { type: 'boolean' }, preheader: { type: 'boolean' } },
    },
  },
};

const ajv = new Ajv2020({ allErrors: false, strict: true });
const check = ajv.compile<RenderDesignRequest>(schema);

/** null when the payload is a render request, else what is wrong with it, naming the field. */
export function renderRequestProblem(payload: unknown): string | null {
  if (check(payload)) return null;
  const error = check.errors?.[0];
  const field = (error?.instancePath ?? '').split('/').filter(Boolean).join('.') || 'request';
  const extra = error?.keyword === 'additionalProperties' ? ` "${String(error.params.additionalProperty)}"` : '';
  return `${field} ${error?.message ?? 'is not valid'}${extra}`;
}

export const isRenderRequest = (payload: unknown): payload is RenderDesignRequest => check(payload);
