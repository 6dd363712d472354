/** A dependency's check: it resolves when the dependency answers; `signal` aborts at the check's deadline. */
export type ReadinessCheck = (signal: AbortSignal) => Promise<unknown>;
export type ReadinessChecks = Record<string, ReadinessCheck>;

/**
 * The checks a back-end service adds to its own readiness beyond NATS (the store, say),
 * provided by its module under this token; startBackendService serves them on /readyz.
 */
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/** The provider of a service's own readiness checks, for its module. */
export const readinessChecks = (checks: ReadinessChecks) => ({ provide: READINESS_CHECKS, useValue: checks });

/** Every dependency must answer within this time, so that a probe never hangs on one. */
export const CHECK_TIMEOUT_MS = 1_000;

export interface ReadinessReport {
  ready: boolean;
  /** `up`, or why the dependency is taken to be down. */
  checks: Record<string, string>;
  down: string[];
}

function withinDeadline(check: ReadinessCheck, timeoutMs: number): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  const late = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error(`no answer within ${timeoutMs} ms`))));
  return Promise.race([Promise.resolve().then(() => check(signal)), late]);
}

/** Runs every check at once; one that fails or is late names its dependency as down. */
export async function runReadinessChecks(checks: ReadinessChecks, timeoutMs = CHECK_TIMEOUT_MS): Promise<ReadinessReport> {
  const names = Object.keys(checks);
  const results = await Promise.allSettled(names.map((name) => withinDeadline(checks[name], timeoutMs)));
  const report: ReadinessReport = { ready: true, checks: {}, down: [] };
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') {
      report.checks[names[i]] = 'up';
      return;
    }
    report.ready = false;
    report.down.push(names[i]);
    report.checks[names[i]] = result.reason instanceof Error ? result.reason.message : 'down';
  });
  return report;
}
