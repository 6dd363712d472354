/** Median and 95th percentile of a set of timings, in ms. */
export interface Spread {
  median: number;
  p95: number;
}

/** The `fraction` percentile by nearest rank: a value that was measured, never an average of two. */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

export function spread(times: readonly number[]): Spread {
  return { median: percentile(times, 0.5), p95: percentile(times, 0.95) };
}
