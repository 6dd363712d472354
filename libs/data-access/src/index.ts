export { DataAccessModule, openRepositories, type Repositories } from './data-access.module';
export { DatabaseHealth } from './database-health';
export { type DatabaseConfig } from './prisma.service';
export { DatabaseNotifications, OUTBOX_CHANNEL } from './notifications/database-notifications';
export { isDatabaseUnavailable } from './database-unavailable';
export { deleteInBatches } from './in-batches';
export {
  DeliveriesRepository,
  DeliveryNotRedeliverableError,
  type AttemptOutcome,
  type ClaimedDelivery,
  type DeliveryRecord,
  type NextStep,
  type PendingDeliveries,
  type RecordedAttempt,
} from './deliveries/deliveries.repository';
export {
  DesignsRepository,
  FIRST_REVISION,
  type DesignPage,
  type DesignRecord,
  type DesignSummaryRecord,
  type RestorePointPage,
  type RestorePointSummaryRecord,
  type StoredDesignRecord,
  type StoredRestorePointRecord,
} from './designs/designs.repository';
export { EditorTokensRepository, type EditorTokenContext, type NewEditorToken } from './editor-tokens/editor-tokens.repository';
export { RecordNotFoundError } from './errors';
export { newRequestId } from './ids';
export { ErasureRepository, PERSON_TABLES, type ErasureTarget, type LedgerCandidate, type LedgerRecord, type PersonTable } from './erasure/erasure.repository';
export { ExportRecordsRepository, newExportId, type NewExport, type NewFileExport } from './exports/export-records.repository';
export { IdempotencyRepository, type ClaimOutcome, type IdempotencyClaim } from './idempotency/idempotency.repository';
export { type DesignShowing, type ImageLibrary, type ImagePage, type ImageRecord, ImagesRepository, newImageId, type NewImage } from './images/images.repository';
export { KeysRepository, type KeyContext } from './keys/keys.repository';
export { type BoundEvent, type LatestSavedDelivery, OutboxRelayRepository, type RelayedBatch, type RelayPlan, type RelayPlanner } from './outbox/outbox-relay.repository';
export { PeopleRepository, PersonErasedError, type KnownPerson, type PersonState } from './people/people.repository';
export { chargeQuotas, QuotaExceededError, QuotasRepository, type EnvironmentQuotas } from './quotas/quotas.repository';
export { ProjectsRepository, type CreatedProject, type NewProject } from './projects/projects.repository';
export { SitesRepository } from './sites/sites.repository';
export {
  newTemplateId,
  newThumbnailId,
  TemplateLimitError,
  TemplatesRepository,
  type TemplateContent,
  type TemplatePage,
  type TemplateRecord,
  type TemplateSummaryRecord,
} from './templates/templates.repository';
export { SavedRowLimitError, SavedRowsRepository, type SavedRowContent, type SavedRowPage, type SavedRowRecord } from './saved-rows/saved-rows.repository';
export { BrandKitsRepository, storedBrandKit, type BrandKitRecord, type StoredBrandKit } from './brand-kits/brand-kits.repository';
export { WebhooksRepository, type WebhookSetting } from './webhooks/webhooks.repository';
export { WorkspacesRepository, type WorkspaceRecord } from './workspaces/workspaces.repository';
