export { DataAccessModule, openRepositories, type Repositories } from './data-access.module';
export { DatabaseHealth } from './database-health';
export {
  DesignsRepository,
  FIRST_REVISION,
  type DesignPage,
  type DesignRecord,
  type DesignSummaryRecord,
  type RestorePointRecord,
  type StoredDesignRecord,
} from './designs/designs.repository';
export { EditorTokensRepository, type EditorTokenContext, type NewEditorToken } from './editor-tokens/editor-tokens.repository';
export { RecordNotFoundError } from './errors';
export { ExportRecordsRepository, type NewExport } from './exports/export-records.repository';
export { KeysRepository, type KeyContext } from './keys/keys.repository';
export { PeopleRepository, type KnownPerson, type PersonState } from './people/people.repository';
export { ProjectsRepository, type CreatedProject, type NewProject } from './projects/projects.repository';
export { SitesRepository } from './sites/sites.repository';
export { WebhooksRepository, type WebhookSetting } from './webhooks/webhooks.repository';
export { WorkspacesRepository, type WorkspaceRecord } from './workspaces/workspaces.repository';
