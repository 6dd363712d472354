import type { WebhookEvent } from '@embed/contracts';
import { DEFAULT_TOLERANCE_SECONDS, verifyWebhook as verifySignature } from '@embed/webhook-signing';
import { EmbedWebhookError } from './errors';

export { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER } from '@embed/webhook-signing';
// The event types are the service's own, defined where the events are made.
export type { WebhookEvent, WebhookEventData } from '@embed/contracts';

/** The body as received; bytes are read as UTF-8, which is how the service sends JSON. */
export type RawBody = string | Uint8Array;

const text = (rawBody: RawBody) => (typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody));

/**
 * True when the `Service-Signature` header signs `rawBody` with `secret` and its time
 * is within `toleranceSeconds` (5 minutes by default) of this machine's clock.
 * `rawBody` must be the body exactly as received, before any JSON parsing. During a
 * secret rotation pass both secrets: any one that matches is enough.
 */
export function verifyWebhook(
  rawBody: RawBody,
  header: string | null | undefined,
  secret: string | readonly string[],
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): boolean {
  if (!header) return false;
  const body = text(rawBody);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  return secrets.some((one) => verifySignature(body, header, one, toleranceSeconds));
}

/** Verifies the webhook (as verifyWebhook) and returns its event; throws EmbedWebhookError when it does not verify. */
export function parseWebhook(
  rawBody: RawBody,
  header: string | null | undefined,
  secret: string | readonly string[],
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): WebhookEvent {
  if (!verifyWebhook(rawBody, header, secret, toleranceSeconds)) {
    throw new EmbedWebhookError('The webhook signature does not verify: check the secret, and pass the body exactly as received.');
  }
  return JSON.parse(text(rawBody)) as WebhookEvent;
}
