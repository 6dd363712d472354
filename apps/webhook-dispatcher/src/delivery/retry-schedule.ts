/** Attempts in all, the first one included (spec §6 and §8). */
export const MAX_ATTEMPTS = 8;

/**
 * Wait after each failed attempt, before jitter: 30 s, 2 min, 10 min, 30 min, 1 h, 3 h,
 * 6 h. The last attempt comes about 10 h 42 min after the first, so a receiver that is
 * down overnight still gets its events.
 */
export const RETRY_DELAYS_MS: readonly number[] = [30, 120, 600, 1_800, 3_600, 10_800, 21_600].map((s) => s * 1000);

/** Each wait is spread over ±20 % so that a receiver coming back is not hit by every retry at once. */
export const JITTER_FRACTION = 0.2;

/** FNV-1a: a stable fraction in [0, 1) from a string, so the same delivery and attempt always get the same jitter. */
function stableFraction(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 2 ** 32;
}

/**
 * How long to wait after `attemptsMade` failed attempts of the delivery `seed` (its id)
 * before the next one, or null when no attempt is left. The jitter is derived from the
 * seed, so the time recorded for the next attempt and the queue's delay always agree.
 * `scale` shrinks the schedule for tests.
 */
export function retryDelayMs(attemptsMade: number, seed: string, scale = 1): number | null {
  if (attemptsMade < 1 || attemptsMade >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_MS[attemptsMade - 1];
  const jitter = (stableFraction(`${seed}:${attemptsMade}`) * 2 - 1) * JITTER_FRACTION;
  return Math.round(base * (1 + jitter) * scale);
}
