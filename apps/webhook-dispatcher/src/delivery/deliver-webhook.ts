import { Logger } from '@nestjs/common';
import type { ClaimedDelivery, RecordedAttempt } from '@embed/data-access';
import type { EgressRule } from '@embed/egress-guard';
import { signatureHeader } from '@embed/webhook-signing';
import { nextStep } from './next-step';
import { recordWebhookAttempt } from './webhook-metrics';
import { postWebhook } from './webhook-post';

const logger = new Logger('WebhookDelivery');

export interface DeliverySettings {
  timeoutMs: number;
  retryScale: number;
  rule: EgressRule;
}

/**
 * One attempt of a claimed delivery: sign its stored body at this moment, POST it, and
 * say what comes next (delivered, retried after the schedule's delay, or given up), for
 * the caller to record. Each attempt writes one log line (never the body, the URL or a
 * secret).
 */
export async function deliverWebhook(claimed: ClaimedDelivery, settings: DeliverySettings): Promise<RecordedAttempt> {
  const startedAt = new Date();
  const signature = signatureHeader(claimed.body, claimed.secrets, startedAt.getTime() / 1000);
  const result = await postWebhook(claimed.url, claimed.body, { signature, timeoutMs: settings.timeoutMs, rule: settings.rule });
  const next = nextStep(result, claimed.attempt, claimed.id, settings.retryScale);
  recordWebhookAttempt(result, next);
  logger.log({ deliveryId: claimed.id, attempt: claimed.attempt, statusCode: result.statusCode, durationMs: result.durationMs, next: next.status }, 'webhook attempt');
  return { deliveryId: claimed.id, outcome: { startedAt, durationMs: result.durationMs, statusCode: result.statusCode, error: result.error }, next };
}
