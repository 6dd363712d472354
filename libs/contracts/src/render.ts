import type { DesignMode } from './domain';
import type { ServiceReply } from './errors';

/** Request-reply subject of the renderer's queue group: render a design document held by the caller. */
export const RENDER_DESIGN_SUBJECT = 'render.design.v1';

/** Spec: Merge. */
export interface RenderMerge {
  contact?: Record<string, string>;
  unsubscribeUrl?: string;
  preferencesUrl?: string;
}

/** Spec: TextOptions. */
export interface RenderTextOptions {
  links?: boolean;
  images?: boolean;
  preheader?: boolean;
}

export interface RenderDesignRequest {
  /** The project's mode: a document of another mode is answered 409 mode_unavailable. */
  mode: DesignMode;
  /** The design document as the integrator holds it; validated by the renderer. */
  doc: unknown;
  designId?: string;
  merge?: RenderMerge;
  text?: RenderTextOptions;
}

/** Spec: HtmlChunks. */
export interface HtmlChunks {
  body: string;
  css: string;
  js: string;
  fonts: string[];
}

/** Spec: Rendered. */
export interface RenderedDesign {
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
  design: object;
}

export type RenderDesignReply = ServiceReply<RenderedDesign>;
