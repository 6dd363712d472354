import { type Static, Type } from '@sinclair/typebox';
import {
  EXPORT_FORMATS,
  OriginSchema,
  LabelRevisionRequestSchema,
  RevisionRequestSchema,
  SaveDesignRequestSchema,
  SERVER_EXPORT_FORMATS,
  TokenTtlSchema,
} from './designs';
import { IMPORT_FORMATS, MergeTagMapSchema } from './imports';
import { TemplateIdSchema } from './templates';
import { DeleteImageRequestSchema, IMAGE_OWNERS } from './images';
import { CreateSavedRowRequestSchema, SavedRowIdSchema } from './saved-rows';
import { type BrandKitContent, PutBrandKitRequestSchema } from './brand-kit';
import { LanguageTagSchema, MergeSchema, TextOptionsSchema } from './render';
import { AnyObject, DesignIdSchema, DesignNameSchema, OneOf, PageFields, Strict, TokenAccessSchema, UserIdSchema, UserRefSchema } from './schema';

/*
 * The inputs of the HTTP API (the server API, spec §4, and the editor API, contracts §3):
 * bodies, path parameters and queries, made of the same parts as the messages they travel
 * on in, so that the gateway and the service that takes the message hold one rule. The
 * gateway checks each request with the schema its handler names, and the OpenAPI document
 * shows that schema; a body is a component of the document under its `title`, the names
 * v1 has published (generated clients name their types after them, so they stay).
 */

/** A design document in a body: its fields are checked by the service that takes it (400 design_invalid naming the JSON path). */
const DesignDocumentField = AnyObject();

/** Spec 4.1: `POST /embed/v1/tokens`. */
export const CreateTokenBodySchema = Strict(
  {
    user: UserRefSchema,
    origin: OriginSchema,
    ttl: Type.Optional(TokenTtlSchema),
    /** Contracts §3: `read` opens, lists, previews and exports, and is refused every write. */
    access: Type.Optional(TokenAccessSchema),
  },
  { title: 'CreateTokenDto' },
);
export type CreateTokenBody = Static<typeof CreateTokenBodySchema>;
/** A token's life when the request names none (spec 4.1). */
export const DEFAULT_TOKEN_TTL_SECONDS = 900;

/** Spec 4.4: `POST /embed/v1/designs/{id}/export`. */
export const ExportBodySchema = Strict(
  {
    user: UserRefSchema,
    merge: Type.Optional(MergeSchema),
    text: Type.Optional(TextOptionsSchema),
    format: Type.Optional(OneOf(SERVER_EXPORT_FORMATS)),
    fullPage: Type.Optional(Type.Boolean()),
    language: Type.Optional(LanguageTagSchema),
    /** ZIP only: every language of the design in the one file. */
    allLanguages: Type.Optional(Type.Boolean()),
  },
  { title: 'ExportDto' },
);
export type ExportBody = Static<typeof ExportBodySchema>;

/** Spec 4.5: `POST /embed/v1/render`. */
export const RenderBodySchema = Strict(
  {
    doc: DesignDocumentField,
    designId: Type.Optional(DesignIdSchema),
    merge: Type.Optional(MergeSchema),
    text: Type.Optional(TextOptionsSchema),
    language: Type.Optional(LanguageTagSchema),
  },
  { title: 'RenderDto' },
);
export type RenderBody = Static<typeof RenderBodySchema>;

/** Contracts §8: `POST /embed/v1/imports`. `source` is read by the converter, which names the place in it that it cannot read (422 source_unreadable). */
export const ImportBodySchema = Strict(
  { format: OneOf(IMPORT_FORMATS), source: Type.Unsafe<unknown>({ not: { type: 'null' } }), mergeTags: Type.Optional(MergeTagMapSchema) },
  { title: 'ImportDto' },
);
export type ImportBody = Static<typeof ImportBodySchema>;

/** A new design from a name and a document: `POST /editor/v1/designs` (contracts §3) and `POST /embed/v1/users/{userId}/designs` (§8). */
export const CreateDesignBodySchema = Strict({ name: DesignNameSchema, doc: DesignDocumentField }, { title: 'CreateDesignDto' });
export type CreateDesignBody = Static<typeof CreateDesignBodySchema>;

/** Contracts §3: `PUT /editor/v1/designs/{id}`; `baseRevision` and `autosave` mean what they mean in the save message. */
export const SaveDesignBodySchema = Strict(
  {
    name: SaveDesignRequestSchema.properties.name,
    doc: DesignDocumentField,
    baseRevision: SaveDesignRequestSchema.properties.baseRevision,
    autosave: SaveDesignRequestSchema.properties.autosave,
  },
  { title: 'SaveDesignDto' },
);
export type SaveDesignBody = Static<typeof SaveDesignBodySchema>;

/** Contracts §3: `PUT /editor/v1/designs/{id}/revisions/{revision}`: the name a person gives a restore point, or null to take it away. */
export const LabelRevisionBodySchema = Strict({ label: LabelRevisionRequestSchema.properties.label }, { title: 'LabelRevisionDto' });
export type LabelRevisionBody = Static<typeof LabelRevisionBodySchema>;

/** Contracts §3: `POST /editor/v1/designs/{id}/export`. */
export const EditorExportBodySchema = Strict({ format: OneOf(EXPORT_FORMATS) }, { title: 'EditorExportDto' });
export type EditorExportBody = Static<typeof EditorExportBodySchema>;

/** `POST /editor/v1/render`, the editor's preview; `designId` is the design being edited, once saved (a popup's handle and a form's event carry it). */
export const EditorRenderBodySchema = Strict({ doc: DesignDocumentField, designId: Type.Optional(DesignIdSchema) }, { title: 'EditorRenderDto' });
export type EditorRenderBody = Static<typeof EditorRenderBodySchema>;

/** Path parameters: `{userId}` (1 to 256 characters once decoded) and a design's `{id}` or `{designId}`. */
export const UserParamsSchema = Strict({ userId: UserIdSchema });
export type UserParams = Static<typeof UserParamsSchema>;
export const UserDesignParamsSchema = Strict({ userId: UserIdSchema, designId: DesignIdSchema });
export type UserDesignParams = Static<typeof UserDesignParamsSchema>;
export const DesignIdParamsSchema = Strict({ id: DesignIdSchema });
export type DesignIdParams = Static<typeof DesignIdParamsSchema>;
/** Contracts §3: `GET /editor/v1/designs/{id}/revisions/{revision}`. */
export const RevisionParamsSchema = Strict({ id: DesignIdSchema, revision: RevisionRequestSchema.properties.revision });
export type RevisionParams = Static<typeof RevisionParamsSchema>;

/** A template's `{templateId}` (`tpl_` and 26 lower-case letters and digits). */
export const TemplateParamsSchema = Strict({ templateId: TemplateIdSchema });
export type TemplateParams = Static<typeof TemplateParamsSchema>;

/** An image's `{imageId}` (`img_` and 26 lower-case letters and digits). */
export const ImageParamsSchema = Strict({ imageId: DeleteImageRequestSchema.properties.imageId });
export type ImageParams = Static<typeof ImageParamsSchema>;

/** `DELETE /editor/v1/images/{imageId}`: `force=true` deletes an image designs still show (after the 409 image_in_use that warned). */
export const DeleteImageQuerySchema = Strict({ force: Type.Optional(DeleteImageRequestSchema.properties.force) });
export type DeleteImageQuery = Static<typeof DeleteImageQuerySchema>;

/** A saved row's `{rowId}` (`row_` and 26 lower-case letters and digits). */
export const SavedRowParamsSchema = Strict({ rowId: SavedRowIdSchema });
export type SavedRowParams = Static<typeof SavedRowParamsSchema>;

const { name: savedRowName, row: savedRow, locked, synced } = CreateSavedRowRequestSchema.properties;
/** `POST` and `PUT /embed/v1/rows`: a project row, locked or synced only when the integrator says so. */
export const ProjectRowBodySchema = Strict({ name: savedRowName, row: savedRow, locked, synced }, { title: 'ProjectRowDto' });
export type ProjectRowBody = Static<typeof ProjectRowBodySchema>;
/** `POST /editor/v1/rows`: a row the person saves to their own rows (never locked or synced). */
export const EditorRowBodySchema = Strict({ name: savedRowName, row: savedRow }, { title: 'EditorRowDto' });
export type EditorRowBody = Static<typeof EditorRowBodySchema>;
/** `PUT /editor/v1/rows/{rowId}`: a new name for a row of the person's own. */
export const RenameRowBodySchema = Strict({ name: savedRowName }, { title: 'RenameRowDto' });
export type RenameRowBody = Static<typeof RenameRowBodySchema>;

/** `PUT /embed/v1/brand-kit`: the whole kit, the message's own schema (the designs service checks what a schema cannot say: brandKitProblem). */
export const BrandKitBodySchema = PutBrandKitRequestSchema.properties.kit;
export type BrandKitBody = BrandKitContent;

/** A page of a list (spec 4.2): the list message's own bounds. */
export const ListQuerySchema = Strict({ ...PageFields, limit: Type.Optional(PageFields.limit) });
export type ListQuery = Static<typeof ListQuerySchema>;
/** Designs or restore points on a page when the list asks for no `limit` (spec 4.2), for the server and editor APIs alike. */
export const DEFAULT_PAGE_SIZE = 50;

/** `GET /editor/v1/images`: a page of the person's images (`owner=person`, the default) or of the project's (`owner=project`). */
export const EditorImagesQuerySchema = Strict({ ...ListQuerySchema.properties, owner: Type.Optional(OneOf(IMAGE_OWNERS)) });
export type EditorImagesQuery = Static<typeof EditorImagesQuerySchema>;
