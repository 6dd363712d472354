import { loadConfig, webhookUrlSpecs } from '@embed/config';
import { ENVIRONMENTS, type Environment, SUBSCRIBABLE_EVENTS, type SubscribableEvent } from '@embed/contracts';
import { targetProblem, webhookRule } from '@embed/egress-guard';
import { normalizeOrigin, OriginError } from '@embed/origin-rules';
import { oneOf, UsageError } from '../cli-args';

export const environmentFlag = (value: string): Environment => oneOf('env', value, ENVIRONMENTS);

export function originFlag(flag: string, value: string): string {
  try {
    return normalizeOrigin(value);
  } catch (error) {
    if (error instanceof OriginError) throw new UsageError(`--${flag} ${error.message} (got "${value}")`);
    throw error;
  }
}

/** `--events a,b`; with no flag, every event kind (contracts section 2). */
export function eventsFlag(value: string | undefined): SubscribableEvent[] {
  if (value === undefined) return [...SUBSCRIBABLE_EVENTS];
  const events = [...new Set(value.split(',').map((event) => event.trim()).filter(Boolean))];
  if (events.length === 0) throw new UsageError('--events must name at least one event kind');
  return events.map((event) => oneOf('events', event, SUBSCRIBABLE_EVENTS));
}

export function webhookUrlFlag(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--webhook-url/--url must be an absolute http(s) URL (got "${value}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`--url must use http or https (got "${value}")`);
  return url.toString();
}

/**
 * Refuses, in production configuration, a URL that is not https or whose host resolves
 * to a private, loopback or link-local address; the dispatcher checks again at each
 * connection, since DNS can change.
 */
export async function safeWebhookUrlFlag(flag: string, value: string): Promise<string> {
  const url = webhookUrlFlag(value);
  const problem = await targetProblem(new URL(url), webhookRule(loadConfig(webhookUrlSpecs).WEBHOOK_ALLOW_PRIVATE_URLS));
  if (problem) throw new UsageError(`--${flag} ${problem} (got "${value}")`);
  return url;
}
