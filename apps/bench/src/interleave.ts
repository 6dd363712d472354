import { type Spread, spread } from './stats';

/**
 * Which of `count` tasks runs at each step of an interleaved comparison: `rounds` rounds
 * of one run each, the order rotating from round to round (for two: A B, B A, A B, …).
 * Interleaving makes all see the same stretch of machine load; rotating the order cancels
 * what a run leaves behind for the next (a Chromium still exiting, a warm cache).
 */
export function rotatingRounds(count: number, rounds: number): number[] {
  return Array.from({ length: rounds }, (_, round) => Array.from({ length: count }, (_, i) => (round + i) % count)).flat();
}

/**
 * Times tasks against each other, interleaved (see `rotatingRounds`): `warmup`
 * unmeasured rounds, then `runs` measured rounds, so each task gets `runs` samples. Each
 * measured run starts `settleMs` after the one before, whichever task it is.
 */
export const interleavedTimings = (tasks: ReadonlyArray<() => Promise<unknown>>, runs: number, warmup: number, settleMs = 0): Promise<Spread[]> =>
  interleavedReports(
    tasks.map((task) => async () => {
      const start = performance.now();
      await task();
      return performance.now() - start;
    }),
    runs,
    warmup,
    settleMs,
  );

/** The same, of tasks that time themselves (in another process, without the round trip to it): each resolves to its own time in ms. */
export async function interleavedReports(tasks: ReadonlyArray<() => Promise<number>>, runs: number, warmup: number, settleMs = 0): Promise<Spread[]> {
  for (const which of rotatingRounds(tasks.length, warmup)) await tasks[which]();
  const times: number[][] = tasks.map(() => []);
  for (const which of rotatingRounds(tasks.length, runs)) {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    times[which].push(await tasks[which]());
  }
  return times.map(spread);
}
