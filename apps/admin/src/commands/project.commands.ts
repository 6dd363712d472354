import { DESIGN_MODES, type Environment } from '@embed/contracts';
import { hashSecret, newSecretKey, newWebhookSecret } from '@embed/credentials';
import { oneOf, parseFlags } from '../cli-args';
import type { Command } from './command';
import { eventsFlag, originFlag, safeWebhookUrlFlag } from './validators';

const createUsage =
  'project create --name N --mode email|page|popup|document [--workspace ID] [--test-site ORIGIN]... [--live-site ORIGIN]... [--webhook-url URL] [--events a,b]';

export const projectCreate: Command = {
  usage: createUsage,
  async run(argv, { projects }) {
    const flags = parseFlags(
      argv,
      {
        name: { type: 'string', required: true },
        mode: { type: 'string', required: true },
        workspace: { type: 'string' },
        'test-site': { type: 'string', multiple: true },
        'live-site': { type: 'string', multiple: true },
        'webhook-url': { type: 'string' },
        events: { type: 'string' },
      },
      createUsage,
    );
    const mode = oneOf('mode', flags.mode, DESIGN_MODES);
    const sites = [
      ...(flags['test-site'] ?? []).map((origin) => ({ environment: 'test' as const, origin: originFlag('test-site', origin) })),
      ...(flags['live-site'] ?? []).map((origin) => ({ environment: 'live' as const, origin: originFlag('live-site', origin) })),
    ];
    const webhook = flags['webhook-url']
      ? { url: await safeWebhookUrlFlag('webhook-url', flags['webhook-url']), events: eventsFlag(flags.events), secret: newWebhookSecret() }
      : undefined;
    const secrets: Record<Environment, string> = { test: newSecretKey('test'), live: newSecretKey('live') };
    const created = await projects.create({
      name: flags.name,
      mode,
      workspaceId: flags.workspace,
      keys: (['test', 'live'] as const).map((environment) => ({ environment, secretHash: hashSecret(secrets[environment]) })),
      sites,
      webhook,
    });
    return {
      workspaceId: created.workspaceId,
      projectId: created.projectId,
      mode: created.mode,
      keys: {
        test: { keyId: created.keyIds.test, secret: secrets.test },
        live: { keyId: created.keyIds.live, secret: secrets.live },
      },
      webhook: webhook && created.webhookId ? { webhookId: created.webhookId, url: webhook.url, events: webhook.events, secret: webhook.secret } : null,
    };
  },
};

const suspendUsage = 'project suspend --project ID [--off]';
export const projectSuspend: Command = {
  usage: suspendUsage,
  async run(argv, { projects }) {
    const flags = parseFlags(argv, { project: { type: 'string', required: true }, off: { type: 'boolean' } }, suspendUsage);
    const project = await projects.setSuspended(flags.project, !flags.off);
    return { projectId: project.id, suspended: project.suspended };
  },
};
