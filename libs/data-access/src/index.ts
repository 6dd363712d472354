export { DataAccessModule, openRepositories, type Repositories } from './data-access.module';
export { DatabaseHealth } from './database-health';
export { RecordNotFoundError } from './errors';
export { KeysRepository, type KeyContext } from './keys/keys.repository';
export { ProjectsRepository, type CreatedProject, type NewProject } from './projects/projects.repository';
export { SitesRepository } from './sites/sites.repository';
export { WebhooksRepository, type WebhookSetting } from './webhooks/webhooks.repository';
export { WorkspacesRepository, type WorkspaceRecord } from './workspaces/workspaces.repository';
