import type { ExportFormat, ExportSource } from './designs';
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

/** `data` of each event kind (spec section 6): what the service sends and the integrators' client reads. */
export interface WebhookEventData {
  /** `languages`: the design's languages, its default first (design document: `language`, `languages`). */
  'design.saved': { designId: string; userId: string; revision: number; languages: string[] };
  'design.deleted': { designId: string; userId: string };
  'export.created': { exportId: string; designId: string; userId: string; revision: number; source: ExportSource; format: ExportFormat };
  'user.erased': { userId: string };
  ping: { message: string };
}

/** A webhook's body, narrowed by `type`. `id` is the delivery's: a retry has the same, so skip ids already handled. */
export type WebhookEvent = {
  [K in keyof WebhookEventData]: Omit<WebhookEnvelope, 'type' | 'data'> & { type: K; data: WebhookEventData[K] };
}[keyof WebhookEventData];

/**
 * The exact text a delivery sends and signs, fields in the spec's order. It is written
 * once and stored; every attempt sends these same bytes.
 */
export function deliveryBody(envelope: WebhookEnvelope): string {
  const { id, type, createdAt, projectId, environment, data } = envelope;
  return JSON.stringify({ id, type, createdAt, projectId, environment, data });
}
