import { newWebhookSecret } from '@embed/credentials';
import { parseFlags } from '../cli-args';
import type { Command } from './command';
import { eventsFlag, webhookUrlFlag } from './validators';

const setUsage = 'webhook set --project ID --url URL [--events a,b]';
/**
 * Creates the project's webhook, or changes its URL and events. The secret is shown
 * when the webhook is made and never again: on a change `secret` is null.
 */
export const webhookSet: Command = {
  usage: setUsage,
  async run(argv, { webhooks }) {
    const flags = parseFlags(
      argv,
      { project: { type: 'string', required: true }, url: { type: 'string', required: true }, events: { type: 'string' } },
      setUsage,
    );
    const secret = newWebhookSecret();
    const webhook = await webhooks.set(flags.project, webhookUrlFlag(flags.url), eventsFlag(flags.events), secret);
    return { webhookId: webhook.id, url: webhook.url, events: webhook.events, secret: webhook.created ? secret : null };
  },
};

const pingUsage = 'webhook ping --project ID';
export const webhookPing: Command = {
  usage: pingUsage,
  async run(argv, { webhooks }) {
    const flags = parseFlags(argv, { project: { type: 'string', required: true } }, pingUsage);
    return { deliveryId: await webhooks.queuePing(flags.project) };
  },
};
