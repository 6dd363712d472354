import { type Static, Type } from '@sinclair/typebox';
import { SAVED_ROW_ID_PATTERN } from './ids';
import { AnyObject, describing, DesignModeSchema, DesignNameSchema, Strict, TenantScopeSchema, TimeSchema, UserIdSchema } from './schema';

/**
 * Saved rows (issue 32): rows of a design, with their columns and blocks, kept for reuse
 * in any design of the project. Project rows are the integrator's (server API), seen by
 * every person of the project and environment, and may be locked or synced; a person's own
 * rows are theirs alone (editor API). Owned by the designs service.
 */
export const SAVED_ROWS_SUBJECTS = {
  list: 'designs.saved-rows.list.v1',
  get: 'designs.saved-rows.get.v1',
  create: 'designs.saved-rows.create.v1',
  replace: 'designs.saved-rows.replace.v1',
  rename: 'designs.saved-rows.rename.v1',
  delete: 'designs.saved-rows.delete.v1',
  synced: 'designs.saved-rows.synced.v1',
} as const;

export const SavedRowIdSchema = Type.String({ pattern: SAVED_ROW_ID_PATTERN.source });

/** Whose a saved row is: the project's (the integrator's server keeps it) or the person's who saved it. */
export const SAVED_ROW_OWNERS = ['project', 'person'] as const;
export type SavedRowOwner = (typeof SAVED_ROW_OWNERS)[number];

/** A row of a design document as it travels (the design-document lib's Row): opaque here, like DesignDocument, so that the published client carries no schema types. */
export type SavedRowContent = Record<string, unknown>;

export interface SavedRow {
  id: string;
  name: string;
  owner: SavedRowOwner;
  /** A project row whose copies in designs nobody but the integrator's server changes, moves or deletes. */
  locked: boolean;
  /** A project row that designs hold by reference: they show and render its current content. */
  synced: boolean;
  row: SavedRowContent;
  createdAt: string;
  updatedAt: string;
}

export interface SavedRowList {
  rows: SavedRow[];
  nextCursor: string | null;
}

export const SavedRowSchema = describing<SavedRow>()(
  Strict(
    {
      id: SavedRowIdSchema,
      name: Type.String(),
      owner: Type.Union(SAVED_ROW_OWNERS.map((owner) => Type.Literal(owner)), { description: '`project`: the integrator’s, seen by every person of the project; `person`: saved by the token’s person, seen by them alone.' }),
      locked: Type.Boolean({ description: 'Inserted, the row is locked (`locked: true` in the design): a person cannot change, move or delete it (409 row_locked).' }),
      synced: Type.Boolean({ description: 'Inserted, the row holds a reference (`syncedRowId`): designs show and render this row’s current content.' }),
      row: AnyObject<SavedRowContent>({ description: 'The row, as a design document holds it (docs/design-document.schema.json, `row`).' }),
      createdAt: TimeSchema,
      updatedAt: TimeSchema,
    },
    { title: 'SavedRow' },
  ),
);
export const SavedRowListSchema = describing<SavedRowList>()(Strict({ rows: Type.Array(SavedRowSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) }));

/** With `userId`: the project's rows and that person's own (the editor); without: the project's rows (the server API). */
export const ListSavedRowsRequestSchema = Strict({
  scope: TenantScopeSchema,
  userId: Type.Optional(UserIdSchema),
  limit: Type.Integer({ minimum: 1, maximum: 200 }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
});
export type ListSavedRowsRequest = Static<typeof ListSavedRowsRequestSchema>;

/** get: with `userId`, a project row or that person's own; delete: with `userId`, only that person's own; without, only a project row. */
export const SavedRowRequestSchema = Strict({ scope: TenantScopeSchema, rowId: SavedRowIdSchema, userId: Type.Optional(UserIdSchema) });
export type SavedRowRequest = Static<typeof SavedRowRequestSchema>;

/** The row, checked by @embed/design-document as a row of a design of the project's mode (400 design_invalid names the path from `$.row`). */
const content = {
  name: DesignNameSchema,
  row: AnyObject<SavedRowContent>(),
};
/** What only the integrator's server sets on a project row. */
const projectFlags = {
  locked: Type.Optional(Type.Boolean()),
  synced: Type.Optional(Type.Boolean()),
};

/** With `userId`: the person's own row (never locked or synced); without: a project row. */
export const CreateSavedRowRequestSchema = Strict({ scope: TenantScopeSchema, mode: DesignModeSchema, userId: Type.Optional(UserIdSchema), ...content, ...projectFlags });
export type CreateSavedRowRequest = Static<typeof CreateSavedRowRequestSchema>;

/** replace: a project row's new name, row and flags (the server API). */
export const ReplaceSavedRowRequestSchema = Strict({ scope: TenantScopeSchema, mode: DesignModeSchema, rowId: SavedRowIdSchema, ...content, ...projectFlags });
export type ReplaceSavedRowRequest = Static<typeof ReplaceSavedRowRequestSchema>;

/** rename: a person's new name for a row of their own (the editor's Rows panel). */
export const RenameSavedRowRequestSchema = Strict({ scope: TenantScopeSchema, rowId: SavedRowIdSchema, userId: UserIdSchema, name: DesignNameSchema });
export type RenameSavedRowRequest = Static<typeof RenameSavedRowRequestSchema>;

/** synced: the current content of the project's synced rows among `rowIds` (a render of a document that names them); others are left out. */
export const SyncedRowsRequestSchema = Strict({ scope: TenantScopeSchema, rowIds: Type.Array(SavedRowIdSchema, { maxItems: 1000 }) });
export type SyncedRowsRequest = Static<typeof SyncedRowsRequestSchema>;

export interface SyncedRows {
  rows: { id: string; row: SavedRowContent }[];
}
export const SyncedRowsSchema = describing<SyncedRows>()(Strict({ rows: Type.Array(Strict({ id: SavedRowIdSchema, row: AnyObject<SavedRowContent>() })) }));

/** Rows a project's environment may keep, and rows one person may keep: each holds a row of up to 4 columns of blocks. */
export const MAX_SAVED_ROWS = { project: 500, person: 200 } as const;
