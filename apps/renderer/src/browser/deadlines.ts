import { untilAborted } from '@embed/service-runtime';

/** true when `promise` settles within `ms` (its failure counts as settled: there is nothing left to wait for). */
export async function withinMs(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** What `startWithin` rejects with when it gives a start up. */
export class StartTimeoutError extends Error {
  constructor(ms: number) {
    super(`it did not start within ${ms} ms`);
    this.name = 'StartTimeoutError';
  }
}

/**
 * What `start` starts, unless it takes more than `ms`: then `start`'s signal aborts, which
 * is to stop what it started, and the start is given up (StartTimeoutError) even if it never settles.
 */
export async function startWithin<T>(start: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const giveUp = new AbortController();
  const timer = setTimeout(() => giveUp.abort(new StartTimeoutError(ms)), ms);
  try {
    return await untilAborted(start(giveUp.signal), giveUp.signal);
  } finally {
    clearTimeout(timer);
  }
}
