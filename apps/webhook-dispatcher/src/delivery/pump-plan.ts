/**
 * Attempts one claim may take: as many as a replica of the default 64 places holds (see
 * holdLimit). A statement's cost hardly grows with what it takes (its fixed part, the
 * commit and the reads of each project's head, is most of it), so a cycle that refills
 * every place at once serves the most deliveries for it.
 */
export const MAX_CLAIM = 384;

/**
 * How many leases a project may hold per place of its share: its attempts in flight, and
 * five times as many again claimed ahead, waiting in the replica. A place that frees
 * takes the next one held at once, without waiting for a statement; the cycles record
 * and claim behind. What is held must outlast a cycle (10 to 25 ms on a loaded machine)
 * at the rate the places send, and the attempts answered but not yet recorded still hold
 * their lease: with three leases a place, one project's 144 ran out within every cycle of
 * the benchmark and its places stood idle until the cycle ended (66 to 89 deliveries a
 * cycle); with six a cycle carries 105 to 133.
 */
export const LEASES_PER_PLACE = 6;

/** How many deliveries a replica of `concurrency` places holds at most: in flight and claimed ahead. */
export const holdLimit = (concurrency: number) => concurrency * LEASES_PER_PLACE;

/** How many deliveries the pump claims now, holding `held` (in flight and waiting) of at most `limit`. */
export function claimSize(held: number, limit: number): number {
  return Math.max(0, Math.min(limit - held, MAX_CLAIM));
}

/**
 * Whether a claim that took `claimed` of the `asked` for should be followed at once by
 * another: a full claim may have left due deliveries behind; a short one found all there
 * was, and the pump waits to be woken.
 */
export const claimAgain = (claimed: number, asked: number): boolean => asked > 0 && claimed === asked;

/**
 * The first of `held` (in the order claimed: round-robin across projects) whose project
 * has fewer than `places` attempts in flight (`inFlight`, by project); -1 when none has.
 */
export function nextToSend(held: readonly { projectId: string }[], inFlight: ReadonlyMap<string, number>, places: number): number {
  return held.findIndex((delivery) => (inFlight.get(delivery.projectId) ?? 0) < places);
}

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
 * its wait for a place (which a held delivery is given for one answer deadline) and the
 * slowest attempt (the answer deadline plus the database writes around it). A replica
 * that dies mid-attempt loses its claims this long after them.
 */
export const leaseMs = (answerTimeoutMs: number) => 2 * answerTimeoutMs + 5_000;

/**
 * Whether a delivery claimed at `claimedAt` may still be sent at `now`: it waited no
 * longer than one answer deadline, so its lease outlasts the attempt. One that waited
 * longer is given back (a project's share shrank while its receiver was slow).
 */
export const stillSendable = (claimedAt: number, now: number, answerTimeoutMs: number) => now - claimedAt <= answerTimeoutMs;
