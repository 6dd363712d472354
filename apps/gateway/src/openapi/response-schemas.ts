import {
  DESIGN_MODES,
  type Design,
  DesignIdSchema,
  type DesignList,
  type DesignSummary,
  type EditorSessionInfo,
  ERROR_CODES,
  type ErrorCode,
  FILE_FORMATS,
  JOURNAL_KEY_PATTERN,
  type FileExport,
  type HtmlChunks,
  type HtmlExport,
  type ImportedDesign,
  type MintedToken,
  type RenderedDesign,
  type RestorePoint,
  type RestorePointList,
  type RestorePointSummary,
  type Template,
  type TemplateList,
  type TemplateSummary,
  TEMPLATE_ID_PATTERN,
  TOKEN_ACCESS,
} from '@embed/contracts';
import { asJsonSchema } from '../http/shared-schemas';

export type JsonSchema = Record<string, unknown>;

/**
 * An object schema with exactly the fields of `T`: a field added to a contract type
 * and not described here fails to compile, so the document cannot drift from the code.
 * Fields are required unless listed as optional.
 */
export function objectOf<T>(properties: { [K in keyof T]-?: JsonSchema }, optional: (keyof T)[] = []): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties).filter((name) => !optional.includes(name as keyof T)) };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const string = { type: 'string' };
const strings = { type: 'array', items: string };
export const integer = { type: 'integer', minimum: 0 };
export const dateTime = { type: 'string', format: 'date-time' };
export const designId = asJsonSchema(DesignIdSchema);
const mode = { type: 'string', enum: DESIGN_MODES };
// A design document (docs/design-document.md), or another object of fields not listed here: open, so that generated types take it.
const object = { type: 'object', additionalProperties: true };

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

const pointSummary = objectOf<RestorePointSummary>({ revision: integer, name: string, createdAt: dateTime, autosave: { type: 'boolean' } });

const templateSummary = objectOf<TemplateSummary>({
  id: { type: 'string', pattern: TEMPLATE_ID_PATTERN.source },
  name: string,
  mode,
  thumbnailUrl: { type: 'string', format: 'uri', description: 'A PNG of the template’s first screen, made by the renderer, on a signed link that works until `thumbnailExpiresAt`.' },
  thumbnailExpiresAt: dateTime,
  createdAt: dateTime,
  updatedAt: dateTime,
});

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
    // Said outright, so that tools which close objects by default (Redocly's example check) take the added fields.
    additionalProperties: true,
    description: 'Match on `code`; `error` is in words and may be reworded. Some errors add fields, which clients may ignore.',
  },
  Token: objectOf<MintedToken>({ token: string, expiresAt: dateTime }),
  DesignSummary: summary,
  Design: objectOf<Design>({ ...(summary.properties as { [K in keyof DesignSummary]: JsonSchema }), doc: object }),
  DesignList: objectOf<DesignList>({ designs: { type: 'array', items: ref('DesignSummary') }, nextCursor: { type: ['string', 'null'] } }),
  HtmlChunks: objectOf<HtmlChunks>({ body: string, css: string, js: string, fonts: strings }),
  Rendered: rendered,
  // No `format` field (`false`: never present): that is how a client tells it from a FileExport.
  HtmlExport: { ...htmlExport, properties: { ...(htmlExport.properties as JsonSchema), format: false } },
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
  ImportedDesign: objectOf<ImportedDesign>({
    design: { ...object, description: 'A design document of the project’s mode, valid by our schema; nothing is stored.' },
    warnings: {
      type: 'array',
      description: 'What was lost or changed, each at its place in the source: a JSON path (`$.body.rows[0].columns[1].contents[2]`) or an element path in MJML (`mjml > mj-body > mj-section[2]`).',
      items: objectOf<{ path: string; message: string }>({ path: string, message: string }),
    },
  }),
  TemplateSummary: templateSummary,
  Template: objectOf<Template>({ ...(templateSummary.properties as { [K in keyof TemplateSummary]: JsonSchema }), doc: object }),
  TemplateList: objectOf<TemplateList>({ templates: { type: 'array', items: ref('TemplateSummary') }, nextCursor: { type: ['string', 'null'] } }),
  Erasing: objectOf<{ status: 'erasing' }>({ status: { const: 'erasing' } }),
  RestorePointSummary: pointSummary,
  RestorePoint: objectOf<RestorePoint>({ ...(pointSummary.properties as { [K in keyof RestorePointSummary]: JsonSchema }), doc: object }),
  RestorePointList: objectOf<RestorePointList>({ revisions: { type: 'array', items: ref('RestorePointSummary') }, nextCursor: { type: ['string', 'null'] } }),
  EditorSession: objectOf<EditorSessionInfo>({
    mode,
    access: { type: 'string', enum: TOKEN_ACCESS },
    journalKey: { type: 'string', pattern: JOURNAL_KEY_PATTERN, description: 'The person’s journal key: 32 random bytes, base64url. The SDK encrypts what it keeps in the browser with it; erasure drops it.' },
  }),
  ImageUpload: objectOf<{ url: string }>({ url: { type: 'string', format: 'uri' } }),
  Liveness: objectOf<{ status: 'ok' }>({ status: { const: 'ok' } }),
  Readiness: objectOf<{ status: 'ready'; checks: Record<string, string> }>({
    status: { const: 'ready' },
    checks: { type: 'object', additionalProperties: string },
  }),
  OpenApiDocument: {
    ...objectOf<{ openapi: string; info: object; paths: object }>({ openapi: { const: '3.1.0' }, info: object, paths: object }),
    description: 'This document (OpenAPI 3.1).',
  },
} satisfies Record<string, JsonSchema>;

export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;
