import type { Static, TSchema } from '@sinclair/typebox';
import { type OperationBudget, OPERATION_BUDGETS_MS } from './deadlines';
import {
  CreateDesignRequestSchema,
  DesignListSchema,
  DesignRequestSchema,
  DesignSchema,
  DESIGNS_SUBJECTS,
  ExportDesignRequestSchema,
  HtmlExportSchema,
  JournalKeyRequestSchema,
  JournalKeySchema,
  ListDesignsRequestSchema,
  ListRevisionsRequestSchema,
  MintedTokenSchema,
  LabelRevisionRequestSchema,
  MintTokenRequestSchema,
  RestorePointListSchema,
  RestorePointSummarySchema,
  RevisionRequestSchema,
  SaveDesignRequestSchema,
  UnparsedDesignSchema,
  UnparsedRestorePointSchema,
  VerifyTokenReplySchema,
  VerifyTokenRequestSchema,
} from './designs';
import { BRAND_KIT_SUBJECTS, BrandKitRequestSchema, BrandKitSchema, PutBrandKitRequestSchema } from './brand-kit';
import { EraseUserOutcomeSchema, EraseUserRequestSchema, ERASURE_SUBJECTS } from './erasure';
import { FileExportSchema, RENDER_FILE_SUBJECT, RenderFileReplySchema, RenderFileRequestSchema } from './files';
import { PingReplySchema, PingRequestSchema, pingSubject } from './health';
import {
  DeleteImageRequestSchema,
  ImageListSchema,
  ImageSummarySchema,
  IMAGES_SUBJECTS,
  ImageUploadSchema,
  ListImagesRequestSchema,
  StoreImageRequestSchema,
  StoreProjectImageRequestSchema,
} from './images';
import { IMPORT_DESIGN_SUBJECT, ImportDesignReplySchema, ImportDesignRequestSchema } from './imports';
import { RENDER_DESIGN_SUBJECT, RenderDesignReplySchema, RenderDesignRequestSchema } from './render';
import { RefusalSchema, ReplySchema } from './schema';
import {
  CreateSavedRowRequestSchema,
  ListSavedRowsRequestSchema,
  SyncedRowsRequestSchema,
  SyncedRowsSchema,
  RenameSavedRowRequestSchema,
  ReplaceSavedRowRequestSchema,
  SavedRowListSchema,
  SavedRowRequestSchema,
  SavedRowSchema,
  SAVED_ROWS_SUBJECTS,
} from './saved-rows';
import {
  CreateTemplateRequestSchema,
  ListTemplatesRequestSchema,
  ReplaceTemplateRequestSchema,
  TemplateListSchema,
  TemplateRequestSchema,
  TemplateSchema,
  TEMPLATES_SUBJECTS,
} from './templates';
import { Type } from '@sinclair/typebox';

/**
 * One message between services: what its payload must be (checked by the receiver before
 * any handler sees it, see message-check.ts), what its reply is, and the budget a caller
 * that starts a request gives it (deadlines.ts); a call made while handling another
 * request works to what is left of that request's deadline instead.
 */
export interface MessageDefinition<Q extends TSchema = TSchema, R extends TSchema = TSchema> {
  request: Q;
  reply: R;
  budget: OperationBudget;
}

const message = <Q extends TSchema, R extends TSchema>(request: Q, reply: R, budget: OperationBudget): MessageDefinition<Q, R> => ({ request, reply, budget });

/** A readiness ping answers the replica's own description, or the refusal of a payload it does not take. */
const ping = () => message(PingRequestSchema, Type.Union([PingReplySchema, RefusalSchema]), 'ping');

/**
 * Every request-reply subject of the system, each defined once: the designs service, the
 * renderer, the erasure service, and the readiness ping of every back-end service. A
 * breaking change adds a `.v2` subject beside the old one.
 */
export const MESSAGES = {
  [DESIGNS_SUBJECTS.mintToken]: message(MintTokenRequestSchema, ReplySchema(MintedTokenSchema), 'read'),
  [DESIGNS_SUBJECTS.verifyToken]: message(VerifyTokenRequestSchema, VerifyTokenReplySchema, 'read'),
  [DESIGNS_SUBJECTS.list]: message(ListDesignsRequestSchema, ReplySchema(DesignListSchema), 'read'),
  [DESIGNS_SUBJECTS.get]: message(DesignRequestSchema, ReplySchema(UnparsedDesignSchema), 'read'),
  [DESIGNS_SUBJECTS.create]: message(CreateDesignRequestSchema, ReplySchema(DesignSchema), 'write'),
  [DESIGNS_SUBJECTS.save]: message(SaveDesignRequestSchema, ReplySchema(DesignSchema), 'write'),
  [DESIGNS_SUBJECTS.delete]: message(DesignRequestSchema, ReplySchema(Type.Null()), 'write'),
  [DESIGNS_SUBJECTS.revisions]: message(ListRevisionsRequestSchema, ReplySchema(RestorePointListSchema), 'read'),
  [DESIGNS_SUBJECTS.revision]: message(RevisionRequestSchema, ReplySchema(UnparsedRestorePointSchema), 'read'),
  [DESIGNS_SUBJECTS.labelRevision]: message(LabelRevisionRequestSchema, ReplySchema(RestorePointSummarySchema), 'write'),
  [DESIGNS_SUBJECTS.export]: message(ExportDesignRequestSchema, ReplySchema(Type.Union([HtmlExportSchema, FileExportSchema])), 'export'),
  [DESIGNS_SUBJECTS.storeImage]: message(StoreImageRequestSchema, ReplySchema(ImageUploadSchema), 'upload'),
  [IMAGES_SUBJECTS.list]: message(ListImagesRequestSchema, ReplySchema(ImageListSchema), 'read'),
  [IMAGES_SUBJECTS.delete]: message(DeleteImageRequestSchema, ReplySchema(Type.Null()), 'write'),
  [IMAGES_SUBJECTS.storeProjectImage]: message(StoreProjectImageRequestSchema, ReplySchema(ImageSummarySchema), 'upload'),
  [DESIGNS_SUBJECTS.journalKey]: message(JournalKeyRequestSchema, ReplySchema(JournalKeySchema), 'write'),
  [TEMPLATES_SUBJECTS.list]: message(ListTemplatesRequestSchema, ReplySchema(TemplateListSchema), 'read'),
  [TEMPLATES_SUBJECTS.get]: message(TemplateRequestSchema, ReplySchema(TemplateSchema), 'read'),
  // Creating and replacing make the thumbnail in the renderer's browser, as a PNG export does.
  [TEMPLATES_SUBJECTS.create]: message(CreateTemplateRequestSchema, ReplySchema(TemplateSchema), 'export'),
  [TEMPLATES_SUBJECTS.replace]: message(ReplaceTemplateRequestSchema, ReplySchema(TemplateSchema), 'export'),
  [TEMPLATES_SUBJECTS.delete]: message(TemplateRequestSchema, ReplySchema(Type.Null()), 'write'),
  [BRAND_KIT_SUBJECTS.get]: message(BrandKitRequestSchema, ReplySchema(BrandKitSchema), 'read'),
  [BRAND_KIT_SUBJECTS.put]: message(PutBrandKitRequestSchema, ReplySchema(BrandKitSchema), 'write'),
  [SAVED_ROWS_SUBJECTS.list]: message(ListSavedRowsRequestSchema, ReplySchema(SavedRowListSchema), 'read'),
  [SAVED_ROWS_SUBJECTS.get]: message(SavedRowRequestSchema, ReplySchema(SavedRowSchema), 'read'),
  [SAVED_ROWS_SUBJECTS.create]: message(CreateSavedRowRequestSchema, ReplySchema(SavedRowSchema), 'write'),
  [SAVED_ROWS_SUBJECTS.replace]: message(ReplaceSavedRowRequestSchema, ReplySchema(SavedRowSchema), 'write'),
  [SAVED_ROWS_SUBJECTS.rename]: message(RenameSavedRowRequestSchema, ReplySchema(SavedRowSchema), 'write'),
  [SAVED_ROWS_SUBJECTS.delete]: message(SavedRowRequestSchema, ReplySchema(Type.Null()), 'write'),
  [SAVED_ROWS_SUBJECTS.synced]: message(SyncedRowsRequestSchema, ReplySchema(SyncedRowsSchema), 'read'),
  [RENDER_DESIGN_SUBJECT]: message(RenderDesignRequestSchema, RenderDesignReplySchema, 'render'),
  [IMPORT_DESIGN_SUBJECT]: message(ImportDesignRequestSchema, ImportDesignReplySchema, 'render'),
  [RENDER_FILE_SUBJECT]: message(RenderFileRequestSchema, RenderFileReplySchema, 'export'),
  [ERASURE_SUBJECTS.erase]: message(EraseUserRequestSchema, ReplySchema(EraseUserOutcomeSchema), 'write'),
  [pingSubject('designs')]: ping(),
  [pingSubject('renderer')]: ping(),
  [pingSubject('erasure')]: ping(),
  [pingSubject('webhook-dispatcher')]: ping(),
} satisfies Record<string, MessageDefinition>;

export type Subject = keyof typeof MESSAGES;
export const SUBJECTS = Object.keys(MESSAGES) as Subject[];

/** The payload a subject takes. */
export type RequestOf<S extends Subject> = Static<(typeof MESSAGES)[S]['request']>;
/** What a subject answers. */
export type ReplyOf<S extends Subject> = Static<(typeof MESSAGES)[S]['reply']>;

/** The budget a caller starting a request gives `subject`, in milliseconds. */
export const budgetOf = (subject: Subject): number => OPERATION_BUDGETS_MS[MESSAGES[subject].budget];

export const isSubject = (subject: string): subject is Subject => Object.hasOwn(MESSAGES, subject);
