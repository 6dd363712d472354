/** One line of `npm run bench` (contracts §5); ratio = value / baseline_value, null where there is no figure. */
export interface BenchLine {
  name: string;
  unit: string;
  value: number | null;
  baseline: string;
  baseline_value: number | null;
  ratio: number | null;
}

/** What a `<name>.bench.ts` file exports as `benchmark`: main.ts finds and runs each. */
export interface Benchmark {
  name: string;
  run(): Promise<BenchLine[]>;
}

/** A figure against its baseline; a figure that could not be measured (NaN, or a baseline of 0 for the ratio) is null. */
export function line(name: string, unit: string, value: number, baseline: string, baselineValue: number): BenchLine {
  const round = (x: number) => (Number.isFinite(x) ? Math.round(x * 1000) / 1000 : null);
  return { name, unit, value: round(value), baseline, baseline_value: round(baselineValue), ratio: round(value / baselineValue) };
}

/**
 * The row of a benchmark that could not run (a machine too loaded to meet a deadline, a
 * browser missing): no figures, and the first line of why in place of the baseline, so
 * the table says what is missing instead of the run failing.
 */
export function notRun(benchmark: string, error: unknown): BenchLine {
  const why = (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 200);
  return { name: `${benchmark}: did not run`, unit: 'none', value: null, baseline: why, baseline_value: null, ratio: null };
}

/** Median wall time in ms of `runs` calls after `warmup` unmeasured ones. */
export async function medianMs(task: () => unknown, runs: number, warmup = Math.ceil(runs / 5)): Promise<number> {
  for (let i = 0; i < warmup; i++) await task();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await task();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const middle = times.length >> 1;
  return times.length % 2 ? times[middle] : (times[middle - 1] + times[middle]) / 2;
}
