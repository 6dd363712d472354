import type { Environment } from './domain';

/** Event kinds a webhook can subscribe to (spec section 6); `ping` is always sent. */
export const SUBSCRIBABLE_EVENTS = ['design.saved', 'design.deleted', 'export.created', 'user.erased'] as const;
export type SubscribableEvent = (typeof SUBSCRIBABLE_EVENTS)[number];
export type WebhookEventType = SubscribableEvent | 'ping';

export const PING_MESSAGE = 'Webhook test from the embed service: if you can read this, your endpoint works.';

/** The JSON body of every webhook POST. `id` is the delivery's, the same on every retry. */
export interface WebhookEnvelope<D = Record<string, unknown>> {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  projectId: string;
  environment: Environment;
  data: D;
}

/**
 * The exact text a delivery sends and signs, fields in the spec's order. It is written
 * once and stored; every attempt sends these same bytes.
 */
export function deliveryBody(envelope: WebhookEnvelope): string {
  const { id, type, createdAt, projectId, environment, data } = envelope;
  return JSON.stringify({ id, type, createdAt, projectId, environment, data });
}
