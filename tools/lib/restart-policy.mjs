// When `npm start` starts a service again after it exits: as Kubernetes restarts a crashed
// container, after a delay that doubles with each exit in a row, up to a ceiling, and
// starts again from the shortest delay once the service has run a healthy while.

export const RESTART_POLICY = { firstDelayMs: 1_000, maxDelayMs: 30_000, healthyAfterMs: 60_000 };

/**
 * The next restart of a service that exited after running `ranForMs`, having exited
 * `exitsInARow` times in a row before: the delay to wait and the new count.
 */
export function nextRestart({ exitsInARow, ranForMs }, policy = RESTART_POLICY) {
  const count = ranForMs >= policy.healthyAfterMs ? 1 : exitsInARow + 1;
  const delayMs = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (count - 1));
  return { exitsInARow: count, delayMs };
}
