import type { DesignDocument, DesignMode } from '@embed/design-document';

/** Values for the merge tags (spec: Merge). */
export interface MergeValues {
  contact?: Record<string, string>;
  unsubscribeUrl?: string;
  preferencesUrl?: string;
}

/** How the plain-text version is written (spec: TextOptions); defaults in DEFAULT_TEXT_OPTIONS. */
export interface TextOptions {
  links?: boolean;
  images?: boolean;
  preheader?: boolean;
}

export interface LayoutOptions {
  /** Carried by a popup's handle and a form's submit event; the document's id when left out. */
  designId?: string;
}

export interface RenderOptions extends LayoutOptions {
  merge?: MergeValues;
  text?: TextOptions;
}

export interface HtmlChunks {
  body: string;
  css: string;
  js: string;
  fonts: string[];
}

/** Exactly the fields of the spec's Rendered answer. */
export interface RenderResult {
  mode: DesignMode;
  html: string;
  chunks: HtmlChunks;
  text: string;
  subject: string;
  preheader: string;
  mergeTags: string[];
  rendererVersion: number;
  bytes: number;
  warnings: string[];
  design: DesignDocument;
}

/**
 * A document laid out once, before any merge: what the renderer service caches (keyed by
 * the document, the design id and the renderer version) and merges per request.
 */
export interface Layout {
  mode: DesignMode;
  design: DesignDocument;
  rendererVersion: number;
  /** Whole HTML with merge tags as written. */
  html: string;
  css: string;
  js: string;
  fonts: string[];
  /** Simple semantic HTML of the content, for the plain-text version. */
  textSource: string;
  subject: string;
  preheader: string;
  warnings: string[];
}
