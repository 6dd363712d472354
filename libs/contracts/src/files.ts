import { type Static, Type } from '@sinclair/typebox';
import type { DesignMode } from './domain';
import { fail, type ServiceReply } from './errors';
import { RenderDesignRequestSchema, TenantSchema } from './render';
import { AnyObject, describing, DesignIdSchema, DesignModeSchema, OneOf, ReplySchema, Strict, TimeSchema } from './schema';

/**
 * Request-reply subject of the renderer's queue group: make a file of a design and store
 * it. The renderer stores the file itself and answers its key, so that files never
 * travel over NATS.
 */
export const RENDER_FILE_SUBJECT = 'render.file.v1';

export const FILE_FORMATS = ['zip', 'pdf', 'png'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/**
 * Which mode makes which file (docs/file-exports.md). A popup is an overlay on the
 * integrator's page with no printed form: it makes no PDF (409 mode_unavailable).
 */
export const FILE_FORMATS_BY_MODE: Readonly<Record<DesignMode, readonly FileFormat[]>> = {
  email: ['zip', 'pdf', 'png'],
  page: ['zip', 'pdf', 'png'],
  popup: ['zip', 'png'],
  document: ['zip', 'pdf', 'png'],
};

export const modeMakesFormat = (mode: DesignMode, format: FileFormat) => FILE_FORMATS_BY_MODE[mode].includes(format);

/** The one answer to a file the mode does not make (a popup's PDF): 409 mode_unavailable; null when it makes it. */
export function formatUnavailable(mode: DesignMode, format: FileFormat): ServiceReply<never> | null {
  return modeMakesFormat(mode, format) ? null : fail(409, 'mode_unavailable', `a ${mode} design makes no ${format.toUpperCase()}`);
}

export const RenderFileRequestSchema = Strict({
  ...RenderDesignRequestSchema.properties,
  format: OneOf(FILE_FORMATS),
  /** PNG: the whole design (default) or the first screen only. */
  fullPage: Type.Optional(Type.Boolean()),
  /** ZIP: every language of the design, each beside the one rendered (`<language>/index.html`). */
  allLanguages: Type.Optional(Type.Boolean()),
  /** Where the renderer stores the file (chosen by the caller, which records it): an export, or a template's thumbnail; the renderer also checks it is a key storage makes. */
  storageKey: Type.String({ pattern: '^(?:exports|templates)/' }),
  /** Queued fairly per tenant, for a browser as for a render worker (render.ts). */
  tenant: TenantSchema,
});
export type RenderFileRequest = Static<typeof RenderFileRequestSchema>;

export interface RenderedFile {
  storageKey: string;
  bytes: number;
  /** The render's warnings, then the file's own (images left out of a ZIP, for instance). */
  warnings: string[];
}
export const RenderedFileSchema = describing<RenderedFile>()(
  Strict({ storageKey: Type.String(), bytes: Type.Integer({ minimum: 0 }), warnings: Type.Array(Type.String()) }),
);

export type RenderFileReply = ServiceReply<RenderedFile>;

/** Spec: FileExport, the answer to a `zip`, `pdf` or `png` export. */
export interface FileExport {
  exportId: string;
  designId: string;
  revision: number;
  mode: DesignMode;
  format: FileFormat;
  url: string;
  /** When the URL stops working; null while the file is kept (not used: every export expires). */
  expiresAt: string | null;
  filename: string;
  bytes: number;
  warnings: string[];
  design: object;
}
export const FileExportSchema = describing<FileExport>()(
  Strict({
    exportId: Type.String(),
    designId: DesignIdSchema,
    revision: Type.Integer({ minimum: 0 }),
    mode: DesignModeSchema,
    format: OneOf(FILE_FORMATS),
    url: Type.String({ format: 'uri' }),
    expiresAt: Type.Union([TimeSchema, Type.Null()]),
    filename: Type.String(),
    bytes: Type.Integer({ minimum: 0 }),
    warnings: Type.Array(Type.String()),
    design: AnyObject<object>(),
  }, { title: 'FileExport' }),
);

export const RenderFileReplySchema = ReplySchema(RenderedFileSchema);
