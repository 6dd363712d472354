import type { DesignMode, TenantScope } from './domain';
import type { RenderedDesign, RenderMerge, RenderTextOptions } from './render';

/** Request-reply subjects of the designs service. A breaking change adds a `.v2` beside the old one. */
export const DESIGNS_SUBJECTS = {
  mintToken: 'designs.tokens.mint.v1',
  verifyToken: 'designs.tokens.verify.v1',
  list: 'designs.list.v1',
  get: 'designs.get.v1',
  create: 'designs.create.v1',
  save: 'designs.save.v1',
  delete: 'designs.delete.v1',
  revisions: 'designs.revisions.v1',
  export: 'designs.export.v1',
} as const;

/** One person of one project and environment: every read or write of designs is scoped by it. */
export interface PersonScope extends TenantScope {
  /** The integrator's opaque id for the person (1 to 256 characters). */
  userId: string;
}

/** A design document as stored: opaque to everything but the design-document lib. */
export type DesignDocument = Record<string, unknown>;

export interface DesignSummary {
  id: string;
  name: string;
  mode: DesignMode;
  revision: number;
  createdAt: string;
  updatedAt: string;
}

export interface Design extends DesignSummary {
  doc: DesignDocument;
}

/**
 * A design as the designs service answers a read: the document stays the JSON text
 * PostgreSQL gives, so that neither the service nor the gateway parses and writes it
 * again on its way to the caller (designs are tens of kilobytes; this doubled reads
 * per second in the API benchmark).
 */
export interface StoredDesign extends DesignSummary {
  docJson: string;
}

/** The JSON of a Design (spec section 2) made from a StoredDesign without parsing its document. */
export function designJson({ docJson, ...summary }: StoredDesign): string {
  return `${JSON.stringify(summary).slice(0, -1)},"doc":${docJson}}`;
}

export interface DesignList {
  designs: DesignSummary[];
  nextCursor: string | null;
}

export interface RestorePoint {
  revision: number;
  name: string;
  createdAt: string;
  doc: DesignDocument;
}

/** The reply of `revisions`: the restore points, newest first. */
export interface RestorePointList {
  revisions: RestorePoint[];
}

export interface MintTokenRequest {
  scope: TenantScope;
  userId: string;
  /** Already normalised by the gateway (scheme://host[:port]). */
  origin: string;
  ttlSeconds: number;
}

export interface MintedToken {
  token: string;
  expiresAt: string;
}

export interface VerifyTokenRequest {
  token: string;
  /** The browser's Origin header as sent; it must equal the token's origin. */
  origin: string | null;
}

/** What an editor token acts for. */
export interface EditorSession extends PersonScope {
  origin: string;
  mode: DesignMode;
}

export interface ListDesignsRequest {
  person: PersonScope;
  limit: number;
  cursor?: string;
}

export interface DesignRequest {
  person: PersonScope;
  designId: string;
}

export interface CreateDesignRequest {
  person: PersonScope;
  /** The project's mode: a document of another mode is refused. */
  mode: DesignMode;
  name: string;
  doc: DesignDocument;
}

export interface SaveDesignRequest extends DesignRequest {
  mode: DesignMode;
  name?: string;
  doc: DesignDocument;
}

/** Export formats (spec §6 `export.created`); `text` is the editor's plain-text export. */
export const EXPORT_FORMATS = ['html', 'text', 'zip', 'pdf', 'png'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Who asked for an export: the integrator's server (spec 4.4) or the editor (contracts §3). */
export const EXPORT_SOURCES = ['server', 'editor'] as const;
export type ExportSource = (typeof EXPORT_SOURCES)[number];

export interface ExportDesignRequest extends DesignRequest {
  /** `text` is for `source: 'editor'` only; the server API has no text format. */
  format: ExportFormat;
  source: ExportSource;
  merge?: RenderMerge;
  text?: RenderTextOptions;
  fullPage?: boolean;
}

/**
 * Spec: HtmlExport, the answer to an `html` (and the editor's `text`) export. It has no
 * `format` field: that is how a client tells it from a FileExport.
 */
export interface HtmlExport extends RenderedDesign {
  exportId: string;
  designId: string;
  revision: number;
}
