/** Attempts one claim may take: the replica's free slots, no more than one statement should lease at once. */
export const MAX_CLAIM = 64;

/** How many deliveries the pump claims now, with `inFlight` attempts running out of `concurrency` slots. */
export function claimSize(inFlight: number, concurrency: number): number {
  return Math.max(0, Math.min(concurrency - inFlight, MAX_CLAIM));
}

/**
 * Whether a claim that took `claimed` of the `asked` for should be followed at once by
 * another: a full claim may have left due deliveries behind; a short one found all there
 * was, and the pump waits to be woken.
 */
export const claimAgain = (claimed: number, asked: number): boolean => asked > 0 && claimed === asked;

/**
 * When the pump should wake for retries: the earliest of the wake it already has
 * (`current`, null when none) and a retry due at `retryAt`, or the current one when it
 * is earlier; a wake in the past is replaced.
 */
export function earliestWake(current: number | null, retryAt: number, now: number): number {
  return current === null || current <= now || retryAt < current ? retryAt : current;
}

/**
 * How long a claimed delivery stays leased to the replica that claimed it: longer than
 * the slowest attempt (the answer deadline plus the database writes around it). A
 * replica that dies mid-attempt loses its claims this long after them.
 */
export const leaseMs = (answerTimeoutMs: number) => answerTimeoutMs + 5_000;
