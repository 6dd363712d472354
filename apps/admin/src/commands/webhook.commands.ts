import { newWebhookSecret } from '@embed/credentials';
import { parseFlags, UsageError } from '../cli-args';
import type { Command } from './command';
import { eventsFlag, safeWebhookUrlFlag } from './validators';

/** How long the previous secret keeps signing after a rotation. */
const ROTATION_OVERLAP_MS = 24 * 3600_000;
const DEFAULT_LIST_LIMIT = 20;
const MAX_LIST_LIMIT = 200;

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
    const webhook = await webhooks.set(flags.project, await safeWebhookUrlFlag('url', flags.url), eventsFlag(flags.events), secret);
    return { webhookId: webhook.id, url: webhook.url, events: webhook.events, secret: webhook.created ? secret : null };
  },
};

const pingUsage = 'webhook ping --project ID';
/** Writes a ping delivery; the dispatcher sends it within its poll interval (a fraction of a second). */
export const webhookPing: Command = {
  usage: pingUsage,
  async run(argv, { webhooks }) {
    const flags = parseFlags(argv, { project: { type: 'string', required: true } }, pingUsage);
    return { deliveryId: await webhooks.queuePing(flags.project) };
  },
};

const deliveriesUsage = `webhook deliveries --project ID [--limit N (1-${MAX_LIST_LIMIT}, default ${DEFAULT_LIST_LIMIT})]`;
/** The project's latest deliveries, newest first, with every attempt (time, status, duration, error). */
export const webhookDeliveries: Command = {
  usage: deliveriesUsage,
  async run(argv, { deliveries }) {
    const flags = parseFlags(argv, { project: { type: 'string', required: true }, limit: { type: 'string' } }, deliveriesUsage);
    const limit = Number(flags.limit ?? DEFAULT_LIST_LIMIT);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) throw new UsageError(`--limit must be an integer from 1 to ${MAX_LIST_LIMIT} (got "${flags.limit}")`);
    return { deliveries: await deliveries.listForProject(flags.project, limit) };
  },
};

const redeliverUsage = 'webhook redeliver --delivery ID';
/** Sends a finished delivery again: same id, same body, a fresh set of attempts. */
export const webhookRedeliver: Command = {
  usage: redeliverUsage,
  async run(argv, { deliveries }) {
    const flags = parseFlags(argv, { delivery: { type: 'string', required: true } }, redeliverUsage);
    return deliveries.redeliver(flags.delivery);
  },
};

const rotateUsage = 'webhook rotate-secret --project ID';
/** A new secret, shown once; the previous one keeps signing beside it for 24 hours. */
export const webhookRotateSecret: Command = {
  usage: rotateUsage,
  async run(argv, { webhooks }) {
    const flags = parseFlags(argv, { project: { type: 'string', required: true } }, rotateUsage);
    const secret = newWebhookSecret();
    const rotated = await webhooks.rotateSecret(flags.project, secret, ROTATION_OVERLAP_MS);
    return { webhookId: rotated.webhookId, secret, previousSecretExpiresAt: rotated.previousSecretExpiresAt };
  },
};
