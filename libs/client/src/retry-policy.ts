/**
 * When the client sends a request again, and after how long. Pure, so that every rule
 * is unit-tested without a server.
 */
export interface RetryPolicy {
  /** Retries after the first attempt; 0 turns retrying off. */
  retries: number;
  /** First backoff wait; each later one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest `Retry-After` worth waiting for; a longer one is answered with the error at once. */
  maxRetryWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryWaitMs: 60_000 };

/** What went wrong with one attempt. */
export type Failure =
  /** The service answered with an error status. */
  | { kind: 'answer'; status: number; retryAfterMs: number | null }
  /**
   * No answer: `refused` when the connection was never made (the request cannot have
   * been received), otherwise a reset, a timeout or a DNS failure (it may have been).
   */
  | { kind: 'no-answer'; refused: boolean };

/** An HTTP date as RFC 9110 has senders write it: `Sun, 06 Nov 1994 08:49:37 GMT`. */
const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * `Retry-After` in milliseconds: delay-seconds (what this service sends) or an HTTP
 * date (what a proxy in front of it may send); null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs = Date.now()): number | null {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!IMF_FIXDATE.test(text)) return null;
  return Math.max(0, Date.parse(text) - nowMs);
}

/**
 * Exponential backoff with jitter: the n-th retry (0-based) waits between half and all
 * of `base * 2^n`, capped, so that many clients retrying after one outage spread out
 * instead of arriving together.
 */
export function backoffDelayMs(retryIndex: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * How long to wait before sending the request again, or null to give up with the error.
 *
 * - 429: the request was refused before it was looked at, so any call may be sent again,
 *   after `Retry-After` (backoff when the header is missing).
 * - 503: the spec says nothing was changed, so any call may be sent again, with backoff
 *   (or after `Retry-After` when one is given).
 * - 502 and 504 come from a proxy in front of the service, and a refused connection or
 *   reset or timeout leaves it unknown whether the request was carried out: sent again
 *   only when `idempotent` (doing it twice equals doing it once). A refused connection
 *   never reached the service and is sent again in every case.
 */
export function retryDelayMs(
  failure: Failure,
  retriesDone: number,
  idempotent: boolean,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | null {
  if (retriesDone >= policy.retries) return null;
  const backoff = backoffDelayMs(retriesDone, policy, random);
  if (failure.kind === 'no-answer') return failure.refused || idempotent ? backoff : null;
  const { status, retryAfterMs } = failure;
  if (status === 429 || status === 503) {
    if (retryAfterMs === null) return backoff;
    return retryAfterMs <= policy.maxRetryWaitMs ? retryAfterMs : null;
  }
  if ((status === 502 || status === 504) && idempotent) return backoff;
  return null;
}
