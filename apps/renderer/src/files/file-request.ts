import Ajv2020 from 'ajv/dist/2020';
import { FILE_FORMATS, type RenderDesignRequest, type RenderFileRequest } from '@embed/contracts';
import { isStorageKey } from '@embed/storage';

// The file's own fields; the rest is a render request, checked by the render service.
const fileFields = {
  type: 'object',
  required: ['format', 'storageKey', 'tenant'],
  properties: {
    format: { enum: [...FILE_FORMATS] },
    fullPage: { type: 'boolean' },
    storageKey: { type: 'string', pattern: '^exports/' },
    tenant: { type: 'string', minLength: 1, maxLength: 200 },
  },
};
const check = new Ajv2020({ strict: true }).compile(fileFields);

export type FileRequestParts = { ok: true; file: Omit<RenderFileRequest, keyof RenderDesignRequest>; render: unknown } | { ok: false; problem: string };

/** Splits a file request into its file fields (checked here) and the render request. */
export function splitFileRequest(payload: unknown): FileRequestParts {
  const request = payload as RenderFileRequest;
  if (!check(payload) || !isStorageKey(request.storageKey)) {
    const error = check.errors?.[0];
    return { ok: false, problem: error ? `${error.instancePath.slice(1) || 'request'} ${error.message}` : 'storageKey is not a storage key' };
  }
  const { format, fullPage, storageKey, tenant, ...render } = request;
  return { ok: true, file: { format, fullPage, storageKey, tenant }, render };
}
