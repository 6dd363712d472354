/** Beyond the grace for in-flight work, closing connections, queues and browsers takes a moment more. */
export const CLOSING_MS = 5_000;

export interface StopWatchdogOptions {
  graceMs: number;
  log: (fields: { stillOpen: string[] }, message: string) => void;
  exit: (code: number) => void;
}

/**
 * Arms, on the first stop signal, a timer that ends the process if its graceful stop
 * outlives SHUTDOWN_GRACE_MS and the moment to close: a hook or a connection that never
 * closes would otherwise keep a replica that takes no messages any more alive for ever
 * (Kubernetes kills it at the end of its grace period; `npm start` and the tests would
 * not). It logs what was still open. The timer keeps nothing alive by itself.
 */
export function armStopWatchdog(signals: readonly NodeJS.Signals[], { graceMs, log, exit }: StopWatchdogOptions): void {
  const arm = (signal: NodeJS.Signals) => {
    for (const other of signals) process.removeListener(other, arm);
    const limitMs = graceMs + CLOSING_MS;
    setTimeout(() => {
      log({ stillOpen: process.getActiveResourcesInfo() }, `still stopping ${limitMs} ms after ${signal}: exiting anyway`);
      exit(1);
    }, limitMs).unref();
  };
  for (const signal of signals) process.once(signal, arm);
}
