import type { WebhookEnvelope } from '@embed/contracts';

/**
 * The exact text a delivery sends and signs, fields in the spec's order. It is written
 * once and stored; every attempt sends these same bytes.
 */
export function deliveryBody(envelope: WebhookEnvelope): string {
  const { id, type, createdAt, projectId, environment, data } = envelope;
  return JSON.stringify({ id, type, createdAt, projectId, environment, data });
}
