/** Beyond the grace for in-flight work, closing connections, queues and browsers takes a moment more. */
export const CLOSING_MS = 5_000;

export interface GracefulStopOptions {
  /** The application's close: a NATS service's closes its server first (the drain), then runs the modules' hooks. */
  close: () => Promise<void>;
  graceMs: number;
  log: (fields: Record<string, unknown>, message: string) => void;
  /** Ends the process: by the signal once stopped (as if it had not been caught), or with an exit code. */
  end: (how: { signal: NodeJS.Signals } | { code: number }) => void;
}

/**
 * Stops the process gracefully at the first of `signals`, through the application's own
 * close. Nest's shutdown hooks would run the modules' destroy hooks first and drain NATS
 * last, so a message in flight found its browser or queue already closed. A second signal
 * (Ctrl-C reaches every process, then the supervisor's SIGTERM) waits for the same stop.
 * A stop that outlives the grace and the moment to close (a hook or a connection that
 * never closes) ends the process anyway, logging what was still open: Kubernetes would
 * kill it at the end of its grace period, but `npm start` and the tests would wait for ever.
 */
export function stopGracefullyOn(signals: readonly NodeJS.Signals[], { close, graceMs, log, end }: GracefulStopOptions): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const limitMs = graceMs + CLOSING_MS;
    setTimeout(() => {
      log({ stillOpen: process.getActiveResourcesInfo() }, `still stopping ${limitMs} ms after ${signal}: exiting anyway`);
      end({ code: 1 });
    }, limitMs).unref();
    close().then(
      () => {
        for (const other of signals) process.removeListener(other, onSignal);
        end({ signal });
      },
      (err: unknown) => {
        log({ err }, 'the graceful stop failed');
        end({ code: 1 });
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
}
