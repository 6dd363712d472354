import { type TSchema, Type } from '@sinclair/typebox';
import {
  DesignListSchema,
  DesignSchema,
  DesignSummarySchema,
  EditorSessionInfoSchema,
  HtmlExportSchema,
  MintedTokenSchema,
  RestorePointListSchema,
  RestorePointSchema,
  RestorePointSummarySchema,
} from './designs';
import { BrandKitSchema } from './brand-kit';
import { type ErrorCode, ERROR_CODES } from './errors';
import { FileExportSchema } from './files';
import { ImportedDesignSchema } from './imports';
import { ImageListSchema, ImageSummarySchema, ImageUploadSchema } from './images';
import { RenderedDesignSchema } from './render';
import { TemplateListSchema, TemplateSchema, TemplateSummarySchema } from './templates';
import { SavedRowListSchema, SavedRowSchema } from './saved-rows';
import { AnyObject, describing, OneOf, Strict } from './schema';

/** The body of every error answer (spec section 2, Error), as the gateway's exception filter sends it. */
export interface ErrorBody {
  error: string;
  code?: ErrorCode;
  requestId?: string;
}
const ErrorBodySchema = describing<ErrorBody>()(
  Type.Object(
    { error: Type.String(), code: Type.Optional(OneOf(ERROR_CODES)), requestId: Type.Optional(Type.String()) },
    {
      // Said outright, so that tools which close objects by default (Redocly's example check) take the added fields.
      additionalProperties: true,
      description: 'Match on `code`; `error` is in words and may be reworded. Some errors add fields, which clients may ignore.',
    },
  ),
);

/** An HtmlExport as HTTP shows it: no `format` field (never present), which is how a client tells it from a FileExport. */
const HttpHtmlExportSchema = Strict({ ...HtmlExportSchema.properties, format: Type.Optional(Type.Never()) }, { title: 'HtmlExport' });

/**
 * Every answer of the HTTP API by the name the OpenAPI document gives it (spec section 2
 * names most), and the one schema of it: the very schema of the message reply the gateway
 * passes on, or of the type the gateway answers, so that the document shows what the code
 * sends. A handler names its answers by these keys (`@ApiOperation({ answers: { 200: 'Design' } })`).
 */
export const HTTP_ANSWERS = {
  Error: ErrorBodySchema,
  Token: MintedTokenSchema,
  DesignSummary: DesignSummarySchema,
  Design: DesignSchema,
  DesignList: DesignListSchema,
  Rendered: RenderedDesignSchema,
  HtmlExport: HttpHtmlExportSchema,
  FileExport: FileExportSchema,
  Export: Type.Union([HttpHtmlExportSchema, FileExportSchema]),
  ImportedDesign: ImportedDesignSchema,
  TemplateSummary: TemplateSummarySchema,
  Template: TemplateSchema,
  TemplateList: TemplateListSchema,
  BrandKit: BrandKitSchema,
  SavedRow: SavedRowSchema,
  SavedRowList: SavedRowListSchema,
  Erasing: Strict({ status: Type.Literal('erasing') }),
  RestorePointSummary: RestorePointSummarySchema,
  RestorePoint: RestorePointSchema,
  RestorePointList: RestorePointListSchema,
  EditorSession: EditorSessionInfoSchema,
  ImageUpload: ImageUploadSchema,
  ImageSummary: ImageSummarySchema,
  ImageList: ImageListSchema,
  Liveness: Strict({ status: Type.Literal('ok') }),
  Readiness: Strict({ status: Type.Literal('ready'), checks: Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' } }) }),
  OpenApiDocument: Type.Object(
    { openapi: Type.Literal('3.1.0'), info: AnyObject(), paths: AnyObject() },
    { additionalProperties: true, description: 'This document (OpenAPI 3.1).' },
  ),
} satisfies Record<string, TSchema>;

export type HttpAnswerName = keyof typeof HTTP_ANSWERS;
