import { type Static, Type } from '@sinclair/typebox';
import type { DesignMode, TenantScope, TokenAccess } from './domain';
import type { ServiceReply } from './errors';
import { LanguageTagSchema, MergeSchema, type RenderedDesign, RenderedFields, TextOptionsSchema } from './render';
import {
  AnyObject,
  describing,
  DesignIdSchema,
  DesignModeSchema,
  DesignNameSchema,
  OneOf,
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
 * A design as the designs service answers a read: the document stays the JSON text
 * PostgreSQL gives, so that neither the service nor the gateway parses and writes it
 * again on its way to the caller (designs are tens of kilobytes; this doubled reads
 * per second in the API benchmark).
 */
export interface StoredDesign extends DesignSummary {
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
  id: Type.String(),
  name: Type.String(),
  mode: DesignModeSchema,
  revision: Type.Integer({ minimum: 0 }),
  createdAt: TimeSchema,
  updatedAt: TimeSchema,
};
export const DesignSchema = describing<Design>()(Strict({ ...summaryFields, doc: DesignDocumentSchema }));
export const StoredDesignSchema = describing<StoredDesign>()(Strict({ ...summaryFields, docJson: Type.String() }));
export const DesignListSchema = describing<DesignList>()(
  Strict({ designs: Type.Array(Strict(summaryFields)), nextCursor: Type.Union([Type.String(), Type.Null()]) }),
);

/** A revision the design can go back to, without its document. */
export interface RestorePointSummary {
  revision: number;
  name: string;
  createdAt: string;
  /** Made by the editor's autosave (coalesced with the autosaves near it), not a save the person asked for. */
  autosave: boolean;
}

export interface RestorePoint extends RestorePointSummary {
  doc: DesignDocument;
}

/** A restore point as the designs service answers it: the document as stored JSON text (see StoredDesign). */
export interface StoredRestorePoint extends RestorePointSummary {
  docJson: string;
}

/** The reply of `revisions`: a page of restore points, newest first, paged like DesignList. */
export interface RestorePointList {
  revisions: RestorePointSummary[];
  nextCursor: string | null;
}

const restorePointFields = { revision: Type.Integer({ minimum: 0 }), name: Type.String(), createdAt: TimeSchema, autosave: Type.Boolean() };
export const StoredRestorePointSchema = describing<StoredRestorePoint>()(Strict({ ...restorePointFields, docJson: Type.String() }));
export const RestorePointListSchema = describing<RestorePointList>()(
  Strict({ revisions: Type.Array(Strict(restorePointFields)), nextCursor: Type.Union([Type.String(), Type.Null()]) }),
);

export const MintTokenRequestSchema = Strict({
  scope: TenantScopeSchema,
  /** The secret key asking: its tokens end when it is revoked. */
  keyId: Type.String({ minLength: 1, maxLength: 64 }),
  userId: UserIdSchema,
  /** Already normalised by the gateway (scheme://host[:port]). */
  origin: Type.String({ minLength: 1, maxLength: 2048 }),
  ttlSeconds: Type.Integer({ minimum: 60, maximum: 900 }),
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

export const ListDesignsRequestSchema = Strict({
  person: PersonScopeSchema,
  limit: Type.Integer({ minimum: 1, maximum: 200 }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
});
export type ListDesignsRequest = Static<typeof ListDesignsRequestSchema>;

/** get and delete: one design of one person. */
export const DesignRequestSchema = Strict({ person: PersonScopeSchema, designId: DesignIdSchema });
export type DesignRequest = Static<typeof DesignRequestSchema>;

/** revisions: a page of one design's restore points. */
export const ListRevisionsRequestSchema = Strict({ ...DesignRequestSchema.properties, limit: ListDesignsRequestSchema.properties.limit, cursor: ListDesignsRequestSchema.properties.cursor });
export type ListRevisionsRequest = Static<typeof ListRevisionsRequestSchema>;

/** The largest revision PostgreSQL's integer holds. */
export const MAX_REVISION = 2_147_483_647;

/** revision: one restore point of one design, with its document. */
export const RevisionRequestSchema = Strict({ ...DesignRequestSchema.properties, revision: Type.Integer({ minimum: 0, maximum: MAX_REVISION }) });
export type RevisionRequest = Static<typeof RevisionRequestSchema>;

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
});
export type SaveDesignRequest = Static<typeof SaveDesignRequestSchema>;

/** Export formats (spec §6 `export.created`); `text` is the editor's plain-text export. */
export const EXPORT_FORMATS = ['html', 'text', 'zip', 'pdf', 'png'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Who asked for an export: the integrator's server (spec 4.4) or the editor (contracts §3). */
export const EXPORT_SOURCES = ['server', 'editor'] as const;
export type ExportSource = (typeof EXPORT_SOURCES)[number];

export const ExportDesignRequestSchema = Strict(
  {
    ...DesignRequestSchema.properties,
    /** `text` is for `source: 'editor'` only; the server API has no text format. */
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
    // The server API has no plain-text format: only the editor exports `text`.
    if: { properties: { source: { const: 'server' } } },
    then: { properties: { format: { enum: EXPORT_FORMATS.filter((format) => format !== 'text') } } },
  },
);
export type ExportDesignRequest = Static<typeof ExportDesignRequestSchema>;

/**
 * Spec: HtmlExport, the answer to an `html` (and the editor's `text`) export. It has no
 * `format` field: that is how a client tells it from a FileExport.
 */
export interface HtmlExport extends RenderedDesign {
  exportId: string;
  designId: string;
  revision: number;
}
export const HtmlExportSchema = describing<HtmlExport>()(
  Strict({ exportId: Type.String(), designId: Type.String(), revision: Type.Integer({ minimum: 0 }), ...RenderedFields }),
);
