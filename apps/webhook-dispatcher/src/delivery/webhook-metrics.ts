import type { NextStep } from '@embed/data-access';
import { metricsRegistry } from '@embed/service-runtime';
import { Counter, Histogram } from 'prom-client';
import type { PostResult } from './webhook-post';

const attempts = new Counter({
  name: 'embed_webhook_attempts_total',
  help: 'Webhook delivery attempts by outcome (delivered, retry, gave_up) and result (2xx..5xx, timeout, refused, blocked, network)',
  labelNames: ['outcome', 'result'],
  registers: [metricsRegistry],
});

const attemptDuration = new Histogram({
  name: 'embed_webhook_attempt_duration_seconds',
  help: "Time from sending a webhook to the receiver's answer (or the failure), by result",
  labelNames: ['result'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const OUTCOMES: Record<NextStep['status'], string> = { delivered: 'delivered', pending: 'retry', failed: 'gave_up' };

/** The receiver's answer as its status class, or why none came. */
export function attemptResult({ statusCode, failure }: Pick<PostResult, 'statusCode' | 'failure'>): string {
  return statusCode === null ? (failure ?? 'network') : `${Math.floor(statusCode / 100)}xx`;
}

/** Counts one attempt by what happens next, and times it. */
export function recordWebhookAttempt(result: PostResult, next: NextStep): void {
  const label = attemptResult(result);
  attempts.inc({ outcome: OUTCOMES[next.status], result: label });
  attemptDuration.observe({ result: label }, result.durationMs / 1000);
}
