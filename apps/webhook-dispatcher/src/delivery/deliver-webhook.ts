import { Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { EgressRule } from '@embed/egress-guard';
import { signatureHeader } from '@embed/webhook-signing';
import type { DeliveryStore } from './batched-deliveries';
import { nextStep } from './next-step';
import { recordSkippedDelivery, recordWebhookAttempt } from './webhook-metrics';
import { postWebhook } from './webhook-post';

const logger = new Logger('WebhookDelivery');

/** A failed attempt with a retry to come; the queue waits `retryInMs`, the time recorded for the next attempt. */
export class AttemptFailedError extends Error {
  constructor(
    message: string,
    readonly retryInMs: number,
  ) {
    super(message);
    this.name = 'AttemptFailedError';
  }
}

export interface DeliverySettings {
  timeoutMs: number;
  retryScale: number;
  rule: EgressRule;
}

/**
 * One attempt of one delivery: claim it, sign its stored body at this moment, POST it,
 * keep the attempt. A failed attempt throws, so that BullMQ retries it with the
 * schedule's delay; the last one throws UnrecoverableError. A delivery that is done,
 * not due, or waiting behind an older one of its design is left alone (the admission
 * loop queues it when its turn comes). Each attempt writes one log line (never the body,
 * the URL or a secret).
 */
export async function deliverWebhook(deliveries: DeliveryStore, deliveryId: string, settings: DeliverySettings): Promise<void> {
  const claimed = await deliveries.claim(deliveryId);
  if (!claimed) return recordSkippedDelivery();
  const startedAt = new Date();
  const signature = signatureHeader(claimed.body, claimed.secrets, startedAt.getTime() / 1000);
  const result = await postWebhook(claimed.url, claimed.body, { signature, timeoutMs: settings.timeoutMs, rule: settings.rule });
  const next = nextStep(result, claimed.attempt, claimed.id, settings.retryScale);
  recordWebhookAttempt(result, next);
  await deliveries.recordAttempt({ deliveryId: claimed.id, outcome: { startedAt, durationMs: result.durationMs, statusCode: result.statusCode, error: result.error }, next });
  logger.log({ deliveryId: claimed.id, attempt: claimed.attempt, statusCode: result.statusCode, durationMs: result.durationMs, next: next.status }, 'webhook attempt');
  const failure = `attempt ${claimed.attempt}: ${result.error}`;
  if (next.status === 'pending') throw new AttemptFailedError(failure, next.retryInMs);
  if (next.status === 'failed') throw new UnrecoverableError(`${failure}; no attempt left`);
}
