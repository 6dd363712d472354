import type { NextStep } from '@embed/data-access';
import { retryDelayMs } from './retry-schedule';
import type { PostResult } from './webhook-post';

/** Any 2xx confirms (spec §6); anything else is retried on the schedule until no attempt is left. */
export function nextStep(result: PostResult, attempt: number, deliveryId: string, retryScale: number): NextStep {
  if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) return { status: 'delivered' };
  const retryInMs = retryDelayMs(attempt, deliveryId, retryScale);
  return retryInMs === null ? { status: 'failed' } : { status: 'pending', retryInMs };
}
