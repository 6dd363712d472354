import type { HtmlChunks, RenderedDesign, RenderMerge, RenderTextOptions } from '@embed/contracts';
import type { DesignDocument, DesignMode } from '@embed/design-document';
import type { CompiledLayout } from './compiled';
import type { MergeTemplate } from './template';

// The answer's shapes are the service contract's (spec: Merge, TextOptions, HtmlChunks, Rendered).
export type { HtmlChunks };
export type MergeValues = RenderMerge;
/** How the plain-text version is written; defaults in DEFAULT_TEXT_OPTIONS. */
export type TextOptions = RenderTextOptions;

export interface LayoutOptions {
  /**
   * The service's public base URL, which the images the renderer adds (social icons, the
   * placeholder of an image not chosen yet) are served under (assets.ts); from the site's
   * root when left out.
   */
  publicBaseUrl?: string;
  /** Carried by a popup's handle and a form's submit event; the document's id when left out. */
  designId?: string;
  /**
   * The language to render in (a BCP 47 tag): the design's language serving it, each text
   * its translation leaves out in the default language (warnings name them). The design's
   * default language when left out.
   */
  language?: string;
}

export interface RenderOptions extends LayoutOptions {
  merge?: MergeValues;
  text?: TextOptions;
}

/** Exactly the fields of the spec's Rendered answer, with the design typed. */
export type RenderResult = RenderedDesign & { design: DesignDocument };

/**
 * A document laid out once, before any merge: what the renderer service caches (keyed by
 * the document, the design id and the renderer version) and merges per request.
 */
export interface Layout {
  mode: DesignMode;
  design: DesignDocument;
  rendererVersion: number;
  /** Whole HTML with merge tags as written, and where values go. */
  html: MergeTemplate;
  css: string;
  js: string;
  fonts: string[];
  /** Simple semantic HTML of the content, for the plain-text version. */
  text: MergeTemplate;
  /** Both compiled, filled per recipient (compiled.ts). */
  compiled: CompiledLayout;
  subject: string;
  preheader: string;
  warnings: string[];
}
