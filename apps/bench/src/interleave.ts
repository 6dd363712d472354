import { type Spread, spread } from './stats';

/**
 * Which of two tasks runs at each step of an interleaved comparison: `pairs` pairs of one
 * run each, the task that goes first alternating from pair to pair (A B, B A, A B, …).
 * Interleaving makes both see the same stretch of machine load; alternating the first one
 * cancels what a run leaves behind for the next (a Chromium still exiting, a warm cache).
 */
export function alternatingPairs(pairs: number): Array<0 | 1> {
  return Array.from({ length: pairs }, (_, pair) => (pair % 2 ? [1, 0] : [0, 1]) as Array<0 | 1>).flat();
}

/**
 * Times two tasks against each other, interleaved (see `alternatingPairs`): `warmup`
 * unmeasured pairs, then `runs` measured pairs, so each task gets `runs` samples. Each
 * measured run starts `settleMs` after the one before, so that what a run leaves working
 * in the background (a pool opening its next page, a browser exiting) is not charged to
 * the other task.
 */
export async function interleavedTimings(
  tasks: readonly [() => Promise<unknown>, () => Promise<unknown>],
  runs: number,
  warmup: number,
  settleMs = 0,
): Promise<[Spread, Spread]> {
  for (const which of alternatingPairs(warmup)) await tasks[which]();
  const times: [number[], number[]] = [[], []];
  for (const which of alternatingPairs(runs)) {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const start = performance.now();
    await tasks[which]();
    times[which].push(performance.now() - start);
  }
  return [spread(times[0]), spread(times[1])];
}
