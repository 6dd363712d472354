/** One line of `npm run bench` (contracts §5); ratio = value / baseline_value. */
export interface BenchLine {
  name: string;
  unit: string;
  value: number;
  baseline: string;
  baseline_value: number;
  ratio: number;
}

/** What a `<name>.bench.ts` file exports as `benchmark`: main.ts finds and runs each. */
export interface Benchmark {
  name: string;
  run(): Promise<BenchLine[]>;
}

export function line(name: string, unit: string, value: number, baseline: string, baselineValue: number): BenchLine {
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { name, unit, value: round(value), baseline, baseline_value: round(baselineValue), ratio: round(value / baselineValue) };
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
