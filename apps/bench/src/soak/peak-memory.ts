/** The highest resident memory of each service over a stretch of readings, in MB. */
export class PeakMemory {
  private peaks: Record<string, number> = {};

  /** One reading: every service's resident memory by name. */
  record(reading: Record<string, number>): void {
    for (const [name, mb] of Object.entries(reading)) this.peaks[name] = Math.max(this.peaks[name] ?? 0, mb);
  }

  /** The peaks since the last call (or the first reading), and a new stretch begins. */
  take(): Record<string, number> {
    const peaks = this.peaks;
    this.peaks = {};
    return peaks;
  }
}
