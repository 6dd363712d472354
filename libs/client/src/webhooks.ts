import type { ExportFormat, ExportSource, WebhookEnvelope } from '@embed/contracts';
import { DEFAULT_TOLERANCE_SECONDS, verifyWebhook as verifySignature } from '@embed/webhook-signing';
import { EmbedWebhookError } from './errors';

export { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER } from '@embed/webhook-signing';

/** `data` of each event kind (spec section 6). */
export interface WebhookEventData {
  'design.saved': { designId: string; userId: string; revision: number };
  'design.deleted': { designId: string; userId: string };
  'export.created': { exportId: string; designId: string; userId: string; revision: number; source: ExportSource; format: ExportFormat };
  'user.erased': { userId: string };
  ping: { message: string };
}

/** A webhook's body, narrowed by `type`. `id` is the delivery's: a retry has the same, so skip ids already handled. */
export type WebhookEvent = {
  [K in keyof WebhookEventData]: Omit<WebhookEnvelope, 'type' | 'data'> & { type: K; data: WebhookEventData[K] };
}[keyof WebhookEventData];

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
