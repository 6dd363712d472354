import {
  DESIGN_MODES,
  type Design,
  type DesignList,
  type DesignSummary,
  type ErrorCode,
  FILE_FORMATS,
  type FileExport,
  type HtmlChunks,
  type HtmlExport,
  type MintedToken,
  type RenderedDesign,
  type RestorePoint,
  type RestorePointList,
} from '@embed/contracts';

export type JsonSchema = Record<string, unknown>;

/**
 * An object schema with exactly the fields of `T`: a field added to a contract type
 * and not described here fails to compile, so the document cannot drift from the code.
 * Fields are required unless listed as optional.
 */
function objectOf<T>(properties: { [K in keyof T]-?: JsonSchema }, optional: (keyof T)[] = []): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties).filter((name) => !optional.includes(name as keyof T)) };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const string = { type: 'string' };
const strings = { type: 'array', items: string };
const integer = { type: 'integer', minimum: 0 };
const dateTime = { type: 'string', format: 'date-time' };
const designId = { type: 'string', pattern: '^[0-9A-Za-z]{26}$' };
const mode = { type: 'string', enum: DESIGN_MODES };
const object = { type: 'object' };

/** Every code, once: listing them as a record makes a new ErrorCode fail to compile until added. */
const ERROR_CODES = Object.keys({
  request_invalid: 0,
  design_invalid: 0,
  key_invalid: 0,
  token_invalid: 0,
  project_suspended: 0,
  workspace_suspended: 0,
  origin_not_allowed: 0,
  design_not_found: 0,
  mode_unavailable: 0,
  user_erased: 0,
  rate_limited: 0,
  service_unavailable: 0,
  not_found: 0,
  method_not_allowed: 0,
  internal_error: 0,
} satisfies Record<ErrorCode, 0>);

/** The body of every error answer (spec section 2, Error), as the exception filter sends it. */
export interface ErrorBody {
  error: string;
  code?: ErrorCode;
  requestId?: string;
}

const rendered = objectOf<RenderedDesign>({
  mode,
  html: string,
  chunks: ref('HtmlChunks'),
  text: string,
  subject: string,
  preheader: string,
  mergeTags: strings,
  rendererVersion: integer,
  bytes: integer,
  warnings: strings,
  design: object,
});

const summary = objectOf<DesignSummary>({ id: designId, name: string, mode, revision: integer, createdAt: dateTime, updatedAt: dateTime });

const htmlExport = objectOf<HtmlExport>({
  ...(rendered.properties as { [K in keyof RenderedDesign]: JsonSchema }),
  exportId: string,
  designId,
  revision: integer,
});

/** Answer schemas, named as in the spec (section 2) where it names them. */
export const RESPONSE_SCHEMAS = {
  Error: {
    ...objectOf<ErrorBody>({ error: string, code: { type: 'string', enum: ERROR_CODES }, requestId: string }, ['code', 'requestId']),
    description: 'Match on `code`; `error` is in words and may be reworded. Some errors add fields, which clients may ignore.',
  },
  Token: objectOf<MintedToken>({ token: string, expiresAt: dateTime }),
  DesignSummary: summary,
  Design: objectOf<Design>({ ...(summary.properties as { [K in keyof DesignSummary]: JsonSchema }), doc: object }),
  DesignList: objectOf<DesignList>({ designs: { type: 'array', items: ref('DesignSummary') }, nextCursor: { type: ['string', 'null'] } }),
  HtmlChunks: objectOf<HtmlChunks>({ body: string, css: string, js: string, fonts: strings }),
  Rendered: rendered,
  // No `format` field: that is how a client tells it from a FileExport.
  HtmlExport: { ...htmlExport, not: { required: ['format'] } },
  FileExport: objectOf<FileExport>({
    exportId: string,
    designId,
    revision: integer,
    mode,
    format: { type: 'string', enum: FILE_FORMATS },
    url: { type: 'string', format: 'uri' },
    expiresAt: { type: ['string', 'null'], format: 'date-time' },
    filename: string,
    bytes: integer,
    warnings: strings,
    design: object,
  }),
  Export: { oneOf: [ref('HtmlExport'), ref('FileExport')] },
  Erasing: objectOf<{ status: 'erasing' }>({ status: { const: 'erasing' } }),
  RestorePoint: objectOf<RestorePoint>({ revision: integer, name: string, createdAt: dateTime, doc: object }),
  RestorePointList: objectOf<RestorePointList>({ revisions: { type: 'array', items: ref('RestorePoint') } }),
  ImageUpload: objectOf<{ url: string }>({ url: { type: 'string', format: 'uri' } }),
  Liveness: objectOf<{ status: 'ok' }>({ status: { const: 'ok' } }),
  Readiness: objectOf<{ status: 'ready'; checks: Record<string, string> }>({
    status: { const: 'ready' },
    checks: { type: 'object', additionalProperties: string },
  }),
  OpenApiDocument: { type: 'object', required: ['openapi', 'info', 'paths'], description: 'This document (OpenAPI 3.1).' },
} satisfies Record<string, JsonSchema>;

export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;
