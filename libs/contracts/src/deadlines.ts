/**
 * Each operation's time budget: the only deadline figures of the system. When the
 * gateway asks a service it puts `now + budget` in the request's context as an absolute
 * deadline; the deadline travels in NATS headers, and every hop uses what is left of it.
 * Reads and token minting are single queries; saves take a transaction; rendering is CPU
 * work; an export renders, may make a file in Chromium, then records; an upload writes up
 * to 5 MB to object storage while it holds the person's lock; a readiness ping is one
 * round trip, which the caller waits 1 s for once the hop's margin is set aside.
 */
export const OPERATION_BUDGETS_MS = {
  ping: 2_000,
  read: 3_000,
  write: 5_000,
  render: 10_000,
  export: 15_000,
  upload: 15_000,
} as const;
export type OperationBudget = keyof typeof OPERATION_BUDGETS_MS;

/** The longest budget: no service works on a request for longer than this after the gateway asked. */
export const LONGEST_BUDGET_MS = Math.max(...Object.values(OPERATION_BUDGETS_MS));

/**
 * What a hop keeps of its own time when it asks the next one: the callee's deadline is
 * the caller's minus this, so that the callee's answer (or refusal) arrives while the
 * caller can still record it and answer its own caller before its deadline.
 */
export const HOP_MARGIN_MS = 1_000;

/** The request's deadline passed before the work could be finished; nothing was committed. */
export class DeadlinePassedError extends Error {
  constructor(what: string, options?: ErrorOptions) {
    super(`the request's deadline passed before ${what}`, options);
    this.name = 'DeadlinePassedError';
  }
}

/**
 * Called just before a write commits, with the deadline of the request it is for (none for
 * a queued job): throws DeadlinePassedError once it has passed, so the write is rolled back
 * (or never sent). The caller that set the deadline has answered 503 "nothing was changed"
 * by then, or is about to, and this keeps that answer true.
 */
export function assertBeforeDeadline(deadline: number | undefined, what: string, options?: ErrorOptions): void {
  if (deadline !== undefined && deadline <= Date.now()) throw new DeadlinePassedError(what, options);
}

/** How long work may still wait, in milliseconds (at least 1): until `deadline`, or the longest budget for work that has none. */
export const waitAllowedMs = (deadline: number | undefined): number => (deadline === undefined ? LONGEST_BUDGET_MS : Math.max(1, deadline - Date.now()));
