import { type Static, Type } from '@sinclair/typebox';
import type { DesignMode, TenantScope, TokenAccess } from './domain';
import type { ServiceReply } from './errors';
import { LanguageTagSchema, MergeSchema, type RendererAnswer, RenderedFields, TextOptionsSchema } from './render';
import {
  AnyObject,
  describing,
  DesignIdSchema,
  DesignModeSchema,
  DesignNameSchema,
  OneOf,
  PageFields,
  PersonScopeSchema,
  RefusalSchema,
  Strict,
  TenantScopeSchema,
  TimeSchema,
  TokenAccessSchema,
  UserIdSchema,
} from './schema';

/** Request-reply subjects of the designs service. A breaking change adds a `.v2` beside the old one. */
export const DESIGNS_SUBJECTS = {
  mintToken: 'designs.tokens.mint.v1',
  verifyToken: 'designs.tokens.verify.v1',
  list: 'designs.list.v1',
  get: 'designs.get.v1',
  create: 'designs.create.v1',
  save: 'designs.save.v1',
  delete: 'designs.delete.v1',
  /** v2: summaries, paged (v1 answered every restore point with its document). */
  revisions: 'designs.revisions.v2',
  revision: 'designs.revision.v1',
  /** Names a restore point, or takes its name away. */
  labelRevision: 'designs.revision.label.v1',
  export: 'designs.export.v1',
  storeImage: 'designs.images.store.v1',
  journalKey: 'designs.journal-key.v1',
} as const;

/** One person of one project and environment: every read or write of designs is scoped by it. */
export interface PersonScope extends TenantScope {
  /** The integrator's opaque id for the person (1 to 256 characters). */
  userId: string;
}
describing<PersonScope>()(PersonScopeSchema);

/** A design document as stored: opaque to everything but the design-document lib, which checks it. */
export type DesignDocument = Record<string, unknown>;
const DesignDocumentSchema = AnyObject<DesignDocument>();

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
 * A design as the designs service answers a read, its document not parsed (the editor's
 * StoredDesign is a design with its document, as the editor API answers it): the document stays the JSON text
 * PostgreSQL gives, so that neither the service nor the gateway parses and writes it
 * again on its way to the caller (designs are tens of kilobytes; this doubled reads
 * per second in the API benchmark).
 */
export interface UnparsedDesign extends DesignSummary {
  docJson: string;
}

/** The JSON of a Design (spec section 2) or a RestorePoint made from its stored form without parsing its document. */
export function designJson<T extends { docJson: string }>({ docJson, ...summary }: T): string {
  return `${JSON.stringify(summary).slice(0, -1)},"doc":${docJson}}`;
}

export interface DesignList {
  designs: DesignSummary[];
  nextCursor: string | null;
}

const summaryFields = {
  id: DesignIdSchema,
  name: Type.String(),
  mode: DesignModeSchema,
  revision: Type.Integer({ minimum: 0 }),
  createdAt: TimeSchema,
  updatedAt: TimeSchema,
};
export const DesignSummarySchema = describing<DesignSummary>()(Strict(summaryFields, { title: 'DesignSummary' }));
export const DesignSchema = describing<Design>()(Strict({ ...summaryFields, doc: DesignDocumentSchema }));
export const UnparsedDesignSchema = describing<UnparsedDesign>()(Strict({ ...summaryFields, docJson: Type.String() }));
export const DesignListSchema = describing<DesignList>()(
  Strict({ designs: Type.Array(DesignSummarySchema), nextCursor: Type.Union([Type.String(), Type.Null()]) }),
);

/** A revision the design can go back to, without its document. */
export interface RestorePointSummary {
  revision: number;
  name: string;
  createdAt: string;
  /** Made by the editor's autosave (coalesced with the autosaves near it), not a save the person asked for. */
  autosave: boolean;
  /** The name a person gave it (kept through thinning), or null. */
  label: string | null;
}

export interface RestorePoint extends RestorePointSummary {
  doc: DesignDocument;
}

/** A restore point as the designs service answers it: the document as stored JSON text (see UnparsedDesign). */
export interface UnparsedRestorePoint extends RestorePointSummary {
  docJson: string;
}

/** The reply of `revisions`: a page of restore points, newest first, paged like DesignList. */
export interface RestorePointList {
  revisions: RestorePointSummary[];
  nextCursor: string | null;
}

/** A restore point's name, as a person gives it. */
export const RESTORE_POINT_LABEL_MAX = 100;
const RestorePointLabelSchema = Type.String({ minLength: 1, maxLength: RESTORE_POINT_LABEL_MAX });
const restorePointFields = { revision: Type.Integer({ minimum: 0 }), name: Type.String(), createdAt: TimeSchema, autosave: Type.Boolean(), label: Type.Union([RestorePointLabelSchema, Type.Null()]) };
export const RestorePointSummarySchema = describing<RestorePointSummary>()(Strict(restorePointFields, { title: 'RestorePointSummary' }));
export const RestorePointSchema = describing<RestorePoint>()(Strict({ ...restorePointFields, doc: DesignDocumentSchema }));
export const UnparsedRestorePointSchema = describing<UnparsedRestorePoint>()(Strict({ ...restorePointFields, docJson: Type.String() }));
export const RestorePointListSchema = describing<RestorePointList>()(
  Strict({ revisions: Type.Array(RestorePointSummarySchema), nextCursor: Type.Union([Type.String(), Type.Null()]) }),
);

/** The site a token is for (spec 4.1), as sent: the gateway normalises it (scheme://host[:port]). */
export const OriginSchema = Type.String({ minLength: 1, maxLength: 2048 });
/** How long a token lives (spec 4.1), in seconds. */
export const TokenTtlSchema = Type.Integer({ minimum: 60, maximum: 900 });

export const MintTokenRequestSchema = Strict({
  scope: TenantScopeSchema,
  /** The secret key asking: its tokens end when it is revoked. */
  keyId: Type.String({ minLength: 1, maxLength: 64 }),
  userId: UserIdSchema,
  /** Already normalised by the gateway (scheme://host[:port]). */
  origin: OriginSchema,
  ttlSeconds: TokenTtlSchema,
  /** Absent from a gateway of an earlier release: an edit token, as every token was. */
  access: Type.Optional(TokenAccessSchema),
});
export type MintTokenRequest = Static<typeof MintTokenRequestSchema>;

export interface MintedToken {
  token: string;
  expiresAt: string;
}
export const MintedTokenSchema = describing<MintedToken>()(Strict({ token: Type.String(), expiresAt: TimeSchema }));

// Token and Origin come from request headers as sent: any string that is not a stored
// token, or not the token's site, is answered 401 or 403 by the service, not 400.
export const VerifyTokenRequestSchema = Strict({
  token: Type.String({ minLength: 1 }),
  /** The browser's Origin header as sent; it must equal the token's origin. */
  origin: Type.Union([Type.String(), Type.Null()]),
});
export type VerifyTokenRequest = Static<typeof VerifyTokenRequestSchema>;

/** What an editor token acts for. */
export interface EditorSession extends PersonScope {
  origin: string;
  mode: DesignMode;
  /** What the token allows: a `read` token is refused every write (403 token_read_only). */
  access: TokenAccess;
}
const EditorSessionSchema = describing<EditorSession>()(
  Strict({ ...PersonScopeSchema.properties, origin: Type.String(), mode: DesignModeSchema, access: TokenAccessSchema }),
);

/**
 * The reply of `verifyToken`. A refusal of a stored token (used from another site, ended,
 * of a suspended project, of a person being erased) names the site the token is for, so
 * that the gateway lets that site, and only that site, read the refusal (contracts §3).
 */
export type VerifyTokenReply = ServiceReply<EditorSession> & { tokenOrigin?: string };
export const VerifyTokenReplySchema = Type.Union([
  Strict({ ok: Type.Literal(true), value: EditorSessionSchema, tokenOrigin: Type.Optional(Type.String()) }),
  Strict({ ...RefusalSchema.properties, tokenOrigin: Type.Optional(Type.String()) }),
]);

/** The person's journal key: asked for by the editor API's session call, made on first need. */
export const JournalKeyRequestSchema = Strict({ person: PersonScopeSchema });
export type JournalKeyRequest = Static<typeof JournalKeyRequestSchema>;

/** 32 random bytes, base64url without padding (43 characters). */
export const JOURNAL_KEY_PATTERN = '^[A-Za-z0-9_-]{43}$';

/**
 * The key of a person's work kept in browsers: the SDK encrypts its journal entries with
 * it and names them by a hash of it (docs/editor.md, Journal). Erasure drops it.
 */
export interface JournalKey {
  journalKey: string;
}
export const JournalKeySchema = describing<JournalKey>()(Strict({ journalKey: Type.String({ pattern: JOURNAL_KEY_PATTERN }) }));

/**
 * `GET /editor/v1/session`: what the token acts as, as far as the editor needs to know:
 * the project's mode, what the token allows, and the person's journal key.
 */
export interface EditorSessionInfo extends JournalKey, Pick<EditorSession, 'mode' | 'access'> {}
export const EditorSessionInfoSchema = describing<EditorSessionInfo>()(
  Strict({
    mode: DesignModeSchema,
    access: TokenAccessSchema,
    journalKey: Type.String({
      pattern: JOURNAL_KEY_PATTERN,
      description: 'The person’s journal key: 32 random bytes, base64url. The SDK encrypts what it keeps in the browser with it; erasure drops it.',
    }),
  }),
);

export const ListDesignsRequestSchema = Strict({ person: PersonScopeSchema, ...PageFields });
export type ListDesignsRequest = Static<typeof ListDesignsRequestSchema>;

/** get and delete: one design of one person. */
export const DesignRequestSchema = Strict({ person: PersonScopeSchema, designId: DesignIdSchema });
export type DesignRequest = Static<typeof DesignRequestSchema>;

/** revisions: a page of one design's restore points. */
export const ListRevisionsRequestSchema = Strict({ ...DesignRequestSchema.properties, ...PageFields });
export type ListRevisionsRequest = Static<typeof ListRevisionsRequestSchema>;

/** The largest revision PostgreSQL's integer holds. */
export const MAX_REVISION = 2_147_483_647;

/** revision: one restore point of one design, with its document. */
export const RevisionRequestSchema = Strict({ ...DesignRequestSchema.properties, revision: Type.Integer({ minimum: 0, maximum: MAX_REVISION }) });
export type RevisionRequest = Static<typeof RevisionRequestSchema>;

/** labelRevision: names one restore point (null: no name). */
export const LabelRevisionRequestSchema = Strict({ ...RevisionRequestSchema.properties, label: Type.Union([RestorePointLabelSchema, Type.Null()]) });
export type LabelRevisionRequest = Static<typeof LabelRevisionRequestSchema>;

export const CreateDesignRequestSchema = Strict({
  person: PersonScopeSchema,
  /** The project's mode: a document of another mode is refused. */
  mode: DesignModeSchema,
  name: DesignNameSchema,
  /** Its inner structure is checked by @embed/design-document, which names the JSON path (400 design_invalid). */
  doc: DesignDocumentSchema,
});
export type CreateDesignRequest = Static<typeof CreateDesignRequestSchema>;

export const SaveDesignRequestSchema = Strict({
  ...DesignRequestSchema.properties,
  mode: DesignModeSchema,
  name: Type.Optional(DesignNameSchema),
  doc: DesignDocumentSchema,
  /** The revision the edit started from: a higher stored one refuses the save (409 revision_conflict). */
  baseRevision: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Made by the editor's autosave: its restore point is coalesced with the autosaves near it (docs/editor.md). */
  autosave: Type.Optional(Type.Boolean()),
  /** A person's save (the editor API): the stored design's locked rows must stay as they are (409 row_locked); the integrator's server may change them. */
  keepLocked: Type.Optional(Type.Boolean()),
});
export type SaveDesignRequest = Static<typeof SaveDesignRequestSchema>;

/** Export formats (spec §6 `export.created`); `text` (plain text) and `mjml` (an email's MJML, contracts §8) are the editor's exports. */
export const EXPORT_FORMATS = ['html', 'text', 'zip', 'pdf', 'png', 'mjml'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Who asked for an export: the integrator's server (spec 4.4) or the editor (contracts §3). */
export const EXPORT_SOURCES = ['server', 'editor'] as const;
export type ExportSource = (typeof EXPORT_SOURCES)[number];
/** What the server API exports (spec 4.4): every format but the editor's `text` and `mjml`. */
export const SERVER_EXPORT_FORMATS = ['html', 'zip', 'pdf', 'png'] as const satisfies readonly ExportFormat[];

export const ExportDesignRequestSchema = Strict(
  {
    ...DesignRequestSchema.properties,
    /** `text` and `mjml` are for `source: 'editor'` only. */
    format: OneOf(EXPORT_FORMATS),
    source: OneOf(EXPORT_SOURCES),
    merge: Type.Optional(MergeSchema),
    text: Type.Optional(TextOptionsSchema),
    fullPage: Type.Optional(Type.Boolean()),
    language: Type.Optional(LanguageTagSchema),
    /** ZIP only: every language of the design in the one file. */
    allLanguages: Type.Optional(Type.Boolean()),
  },
  {
    // The server API has no plain-text or MJML format: only the editor exports them.
    if: { properties: { source: { const: 'server' } } },
    then: { properties: { format: { enum: SERVER_EXPORT_FORMATS } } },
  },
);
export type ExportDesignRequest = Static<typeof ExportDesignRequestSchema>;

/**
 * Spec: HtmlExport, the answer to an `html` (and the editor's `text` and `mjml`: the latter
 * adds `mjml`) export. It has no `format` field: that is how a client tells it from a FileExport.
 */
export interface HtmlExport extends RendererAnswer {
  exportId: string;
  designId: string;
  revision: number;
}
export const HtmlExportSchema = describing<HtmlExport>()(
  Strict({
    exportId: Type.String(),
    designId: DesignIdSchema,
    revision: Type.Integer({ minimum: 0 }),
    ...RenderedFields,
    mjml: Type.Optional(Type.String({ description: 'The editor’s `mjml` export only: the email’s MJML, carrying its design (docs/imports.md).' })),
  }),
);
