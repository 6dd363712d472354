// The request and answer shapes of the server API (spec sections 2 and 4). Answers are
// the types the services themselves answer with, so the client cannot drift from them.
import type { EraseUserOutcome, FileExport, FileFormat, ImportFormat, RenderMerge, RenderTextOptions } from '@embed/contracts';

export type {
  BrandKit,
  BrandKitContent as BrandKitRequest,
  BrandFont,
  Design,
  DesignDocument,
  DesignList,
  DesignMode,
  DesignSummary,
  FileExport,
  FileFormat,
  HtmlChunks,
  HtmlExport,
  ImageList,
  ImageSummary,
  ImportedDesign,
  ImportFormat,
  ImportWarning,
  MintedToken as Token,
  RenderedDesign as Rendered,
  RenderMerge as Merge,
  RenderTextOptions as TextOptions,
  SavedRow,
  SavedRowList,
  Template,
  TemplateList,
  TemplateSummary,
} from '@embed/contracts';

/** The integrator's own id for a person: 1 to 256 characters, never a name or an email. */
export interface UserRef {
  id: string;
}

/** Spec 4.1. */
export interface CreateTokenRequest {
  user: UserRef;
  /** The site the editor opens on (scheme, host, port); a full URL is reduced to its origin. */
  origin: string;
  /** Seconds, 60 to 900; 900 when left out. */
  ttl?: number;
  /** `read`: the editor opens, previews and exports, and every write is refused (403 token_read_only); `edit` when left out. */
  access?: 'edit' | 'read';
}

/** Spec 4.2: query of one page. */
export interface ListDesignsOptions {
  /** 1 to 200; 50 when left out. */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}

/** Spec 4.4. */
export interface ExportRequest {
  user: UserRef;
  merge?: RenderMerge;
  text?: RenderTextOptions;
  /** `html` when left out. */
  format?: 'html' | FileFormat;
  /** With `png`: the whole design (true, the default) or the first screen only. */
  fullPage?: boolean;
}

/** A project row (docs/server-api.md, Saved rows), to publish or replace it. */
export interface ProjectRowRequest {
  /** 1 to 200 characters. */
  name: string;
  /** A row (with its columns and blocks) a design of the project's mode can hold. */
  row: object;
  /** Inserted, the row is locked: people cannot change, move or delete it. */
  locked?: boolean;
  /** Designs hold it by reference and show its current content. */
  synced?: boolean;
}

/** contracts section 8: a design made for a person from a document you hold. */
export interface CreateDesignRequest {
  /** 1 to 200 characters. */
  name: string;
  /** A design document of the project's mode. */
  doc: object;
}

/** A template's content (docs/server-api.md, Templates), to create or replace it. */
export interface TemplateRequest {
  /** 1 to 200 characters. */
  name: string;
  /** A design document of the project's mode. */
  doc: object;
}

/** contracts section 8: another editor's design, made into one of the project's mode; nothing is stored. */
export interface ImportRequest {
  /** Unlayer's or Beefree's design JSON, MJML, or an HTML email or page. */
  format: ImportFormat;
  /** The design JSON (an object, or its text), or the MJML or HTML text. */
  source: unknown;
  /** The source's merge tags to ours: `{ '*|FNAME|*': '{{contact.first_name}}', '[unsubscribe]': '{{unsubscribe_url}}' }`. */
  mergeTags?: Record<string, string>;
}

export interface RenderRequest {
  /** The design document as held. */
  doc: object;
  /** The id the design is known by; the document's own id when left out. */
  designId?: string;
  merge?: RenderMerge;
  text?: RenderTextOptions;
}

/**
 * Spec 4.6: `erasing` (202) when the person was known and erasure has started (or is
 * still running); `never_seen` (204) when there was nothing to erase.
 */
export type EraseResult = EraseUserOutcome;

/** Tells a FileExport (it has `format`) from an HtmlExport (it has none). */
export const isFileExport = (answer: object): answer is FileExport => 'format' in answer;
