import type { Command } from './command';
import { keyCreate, keyRevoke } from './key.commands';
import { projectCreate, projectSuspend } from './project.commands';
import { quotaSet, quotaShow } from './quota.commands';
import { siteAdd, siteRemove } from './site.commands';
import { webhookDeliveries, webhookPing, webhookRedeliver, webhookRotateSecret, webhookSet } from './webhook.commands';
import { workspaceCreate, workspaceSuspend } from './workspace.commands';

/** Every admin command, by its two words (contracts section 2). */
export const COMMANDS: Record<string, Command> = {
  'workspace create': workspaceCreate,
  'workspace suspend': workspaceSuspend,
  'project create': projectCreate,
  'project suspend': projectSuspend,
  'key create': keyCreate,
  'key revoke': keyRevoke,
  'site add': siteAdd,
  'site remove': siteRemove,
  'webhook set': webhookSet,
  'webhook ping': webhookPing,
  'webhook deliveries': webhookDeliveries,
  'webhook redeliver': webhookRedeliver,
  'webhook rotate-secret': webhookRotateSecret,
  'quota set': quotaSet,
  'quota show': quotaShow,
};

export type { Command } from './command';
