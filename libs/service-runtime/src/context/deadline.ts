import { currentRequestContext, type RequestContext } from './hops';

/** Milliseconds left before the request's deadline (negative once it passed); undefined when it has none. */
export function timeLeftMs(context: RequestContext | undefined = currentRequestContext()): number | undefined {
  return context?.deadline === undefined ? undefined : context.deadline - Date.now();
}

/** An AbortSignal that aborts at the request's deadline; one that never aborts when the request has none. */
export function deadlineSignal(): AbortSignal {
  const left = timeLeftMs();
  return left === undefined ? new AbortController().signal : AbortSignal.timeout(Math.max(0, left));
}

/** Settles with `promise`, or rejects as soon as `signal` aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
