import { createHmac, timingSafeEqual } from 'node:crypto';
import { admin, killService, startService, waitFor, waitUntilReady } from './stack';
import TEST_SETTINGS from './test-settings.json';
import { WebhookReceiver } from './webhook-receiver';

/**
 * The dispatcher's settings as the test stack starts it (test-settings.json): retry
 * schedule shrunk 5,000 times (hours become seconds), a 1.5 s answer deadline instead of
 * 10 s, quick polling.
 */
export const FAST_DISPATCHER = {
  WEBHOOK_RETRY_SCALE: TEST_SETTINGS.WEBHOOK_RETRY_SCALE,
  WEBHOOK_ANSWER_TIMEOUT_MS: TEST_SETTINGS.WEBHOOK_ANSWER_TIMEOUT_MS,
  WEBHOOK_POLL_MS: TEST_SETTINGS.WEBHOOK_POLL_MS,
};

/** Restarts the dispatcher with `env` over the stack's settings (none: as the stack started it). */
export async function restartDispatcher(env: Record<string, string> = {}): Promise<void> {
  await killService('webhook-dispatcher');
  startService('webhook-dispatcher', { env });
  await waitUntilReady(['webhook-dispatcher']);
}

/**
 * The receiver's side of spec §5, written here from the spec alone with node:crypto
 * (not with our signing lib): HMAC-SHA256 over `<t>.<raw body>` keyed with the secret's
 * UTF-8 characters, any `v1=` matching, `t` within five minutes.
 */
export function verifySignature(rawBody: string, header: string, secret: string, toleranceSeconds = 300): boolean {
  const pairs = header.split(',').map((part) => part.trim().split('='));
  const t = pairs.find(([key]) => key === 't')?.[1] ?? '';
  if (!/^\d{1,12}$/.test(t) || Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.${rawBody}`, 'utf8').digest();
  return pairs.some(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/i.test(value ?? '') && timingSafeEqual(Buffer.from(value, 'hex'), expected));
}

export interface WebhookProject {
  projectId: string;
  webhookId: string;
  testKey: string;
  secret: string;
}

/** A fresh project whose webhook points at `url`, optionally with chosen event kinds. */
export function webhookProject(url: string, events?: string): WebhookProject {
  const result = admin('project', 'create', '--name', 'e2e webhooks', '--mode', 'email', '--test-site', 'https://app.integrator.example', '--webhook-url', url, ...(events ? ['--events', events] : []));
  if (result.status !== 0) throw new Error(result.stderr);
  return { projectId: result.json.projectId, webhookId: result.json.webhook.webhookId, testKey: result.json.keys.test.secret, secret: result.json.webhook.secret };
}

/** `webhook deliveries` of a project, as an operator reads them. */
export function deliveries(projectId: string, limit = 50): any[] {
  const result = admin('webhook', 'deliveries', '--project', projectId, '--limit', String(limit));
  if (result.status !== 0) throw new Error(result.stderr);
  return result.json.deliveries;
}

export const waitForDelivery = (projectId: string, what: string, check: (delivery: any) => boolean, timeoutMs = 20_000) =>
  waitFor(what, async () => deliveries(projectId).find(check) ?? false, timeoutMs);

/** For a suite: a receiver process, stopped after it (the stack's dispatcher already retries fast: FAST_DISPATCHER). */
export function useReceiverAndFastDispatcher(): () => WebhookReceiver {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(() => receiver.stop());
  return () => receiver;
}
