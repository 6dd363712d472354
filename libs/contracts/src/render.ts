import { type Static, Type } from '@sinclair/typebox';
import { LANGUAGE_TAG_PATTERN } from '@embed/design-document';
import type { DesignMode, TenantScope } from './domain';
import type { ServiceReply } from './errors';
import { AnyObject, describing, DesignIdSchema, DesignModeSchema, ReplySchema, Strict } from './schema';

/** Request-reply subject of the renderer's queue group: render a design document held by the caller. */
export const RENDER_DESIGN_SUBJECT = 'render.design.v1';

/** Spec: Merge. */
export interface RenderMerge {
  contact?: Record<string, string>;
  unsubscribeUrl?: string;
  preferencesUrl?: string;
}

/**
 * The limits of a Merge (spec §2 and §8), which MergeSchema holds wherever a Merge
 * travels: in the gateway's HTTP bodies and in every message. `contactFields` is ours (the
 * spec sets none): a bound on the work one merge can ask for, documented in docs/server-api.md.
 */
export const MERGE_LIMITS = { contactFields: 500, contactKey: 100, contactValue: 2000, url: 2048 } as const;

const MERGE_URL_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
/** What a Merge address must be, as a refusal words it. */
export const MERGE_URL_MEANING = 'an absolute http, https or mailto URI';

/** An absolute http, https or mailto URI, as a browser parses it: unsubscribe links may be either. */
export function isMergeUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return MERGE_URL_SCHEMES.has(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The `uri` format of the message schemas is isMergeUrl (see message-check.ts). */
const MergeUrlSchema = Type.String({ maxLength: MERGE_LIMITS.url, format: 'uri', description: MERGE_URL_MEANING });

export const MergeSchema = describing<RenderMerge>()(
  Strict({
    contact: Type.Optional(
      Type.Unsafe<Record<string, string>>({
        type: 'object',
        maxProperties: MERGE_LIMITS.contactFields,
        propertyNames: { minLength: 1, maxLength: MERGE_LIMITS.contactKey },
        additionalProperties: { type: 'string', maxLength: MERGE_LIMITS.contactValue },
      }),
    ),
    unsubscribeUrl: Type.Optional(MergeUrlSchema),
    preferencesUrl: Type.Optional(MergeUrlSchema),
  }, { title: 'Merge' }),
);

/** Spec: TextOptions. */
export interface RenderTextOptions {
  links?: boolean;
  images?: boolean;
  preheader?: boolean;
}

export const TextOptionsSchema = describing<RenderTextOptions>()(
  Strict({ links: Type.Optional(Type.Boolean()), images: Type.Optional(Type.Boolean()), preheader: Type.Optional(Type.Boolean()) }, { title: 'TextOptions' }),
);

/**
 * Whose work a render or import is (a project in one environment): the renderer's workers
 * take waiting jobs from each tenant in turn, so that one project's stream of costly
 * renders does not hold back the others. The caller fills it from its key or token.
 */
export const TenantSchema = Type.String({ minLength: 1, maxLength: 200 });
export const tenantOf = ({ projectId, environment }: TenantScope): string => `${projectId}/${environment}`;
/** The turn of requests that name no tenant: those of callers of the release before, which sent none (deploy the renderer first). */
export const UNNAMED_TENANT = '-';

/** A language to render in (BCP 47, as the design document writes its languages); what a refusal says it must be. */
export const LANGUAGE_TAG_MEANING = 'a BCP 47 language tag such as en, fr or pt-BR';
export const LanguageTagSchema = Type.String({ maxLength: 64, pattern: LANGUAGE_TAG_PATTERN, description: LANGUAGE_TAG_MEANING });

/** What to render: the project's mode, the document as the caller holds it, how to merge and write the text, in which language. */
export const RenderDesignRequestSchema = Strict({
  /** Optional only while callers of the release before run (UNNAMED_TENANT). */
  tenant: Type.Optional(TenantSchema),
  /** The project's mode: a document of another mode is answered 409 mode_unavailable. */
  mode: DesignModeSchema,
  /** The design document as the integrator holds it; validated by the renderer (400 design_invalid). */
  doc: Type.Unknown(),
  designId: Type.Optional(DesignIdSchema),
  merge: Type.Optional(MergeSchema),
  text: Type.Optional(TextOptionsSchema),
  /** Answer the email's MJML too, with the design in it (the editor's MJML export); an email's only. */
  mjml: Type.Optional(Type.Boolean()),
  /** One of the design's languages (a missing translation falls back to the default language, told in the warnings); the default language when left out. */
  language: Type.Optional(LanguageTagSchema),
});
export type RenderDesignRequest = Static<typeof RenderDesignRequestSchema>;

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

const HtmlChunksSchema = describing<HtmlChunks>()(
  Strict({ body: Type.String(), css: Type.String(), js: Type.String(), fonts: Type.Array(Type.String()) }, { title: 'HtmlChunks' }),
);

/** The fields every rendering answers (Rendered, and HtmlExport beside its record's fields). */
export const RenderedFields = {
  mode: DesignModeSchema,
  html: Type.String(),
  chunks: HtmlChunksSchema,
  text: Type.String(),
  subject: Type.String(),
  preheader: Type.String(),
  mergeTags: Type.Array(Type.String()),
  rendererVersion: Type.Integer({ minimum: 1 }),
  bytes: Type.Integer({ minimum: 0 }),
  warnings: Type.Array(Type.String()),
  design: AnyObject<object>(),
};
export const RenderedDesignSchema = describing<RenderedDesign>()(Strict(RenderedFields));

/** A render as the renderer answers it: Rendered, and the MJML export when the request asked for it. */
export interface RendererAnswer extends RenderedDesign {
  /** The MJML the email is laid out from, carrying its design (docs/imports.md, "Export to MJML"). */
  mjml?: string;
}
export const RendererAnswerSchema = describing<RendererAnswer>()(Strict({ ...RenderedFields, mjml: Type.Optional(Type.String()) }));

export type RenderDesignReply = ServiceReply<RendererAnswer>;
export const RenderDesignReplySchema = ReplySchema(RendererAnswerSchema);

