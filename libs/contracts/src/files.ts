import type { DesignMode } from './domain';
import type { RenderMerge, RenderTextOptions } from './render';
import type { ServiceReply } from './errors';

/**
 * Request-reply subject of the renderer's queue group: make a file of a design and store
 * it. The renderer stores the file itself and answers its key, so that files never
 * travel over NATS (its messages are capped at 1 MB by default).
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

export interface RenderFileRequest {
  /** The project's mode: a document of another mode is answered 409 mode_unavailable. */
  mode: DesignMode;
  doc: unknown;
  designId?: string;
  merge?: RenderMerge;
  text?: RenderTextOptions;
  format: FileFormat;
  /** PNG: the whole design (default) or the first screen only. */
  fullPage?: boolean;
  /** Where the renderer stores the file (chosen by the caller, which records it). */
  storageKey: string;
  /** Queued fairly per tenant: one project's burst does not hold back the others. */
  tenant: string;
}

export interface RenderedFile {
  storageKey: string;
  bytes: number;
  /** The render's warnings, then the file's own (images left out of a ZIP, for instance). */
  warnings: string[];
}

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
