/**
 * Runs `task` again and again, up to `maxRunning` runs at once (one by default): at once
 * when it reports more work or when woken, after `idleMs` otherwise, and after `idleMs`
 * when it fails (a database outage is waited out, not spun on). Wakes while every run
 * is in progress make one more run when one ends.
 */
export class PollLoop {
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private readonly runs = new Set<Promise<void>>();
  private wokenWhileFull = false;
  private stopped = true;

  constructor(
    private readonly task: () => Promise<boolean>,
    private readonly idleMs: number,
    private readonly onError: (error: unknown) => void,
    private readonly maxRunning = 1,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.runs.size >= this.maxRunning) this.wokenWhileFull = true;
    else this.schedule(0);
  }

  /** Stops scheduling and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearImmediate(this.immediate);
    await Promise.all(this.runs);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    clearImmediate(this.immediate);
    // A run due now goes in this turn of the event loop: Node makes setTimeout(0) wait a
    // millisecond, and a save's webhook passes two of these loops (relay, then pump).
    if (delayMs === 0) this.immediate = setImmediate(() => this.run());
    else this.timer = setTimeout(() => this.run(), delayMs);
  }

  private run(): void {
    if (this.stopped || this.runs.size >= this.maxRunning) return;
    let more = false;
    const run: Promise<void> = this.task()
      .then(
        (result) => void (more = result),
        (error: unknown) => this.onError(error),
      )
      .then(() => {
        this.runs.delete(run);
        if (this.stopped) return;
        const again = more || this.wokenWhileFull;
        this.wokenWhileFull = false;
        // Another run still going schedules what follows it when it ends.
        if (again) this.schedule(0);
        else if (this.runs.size === 0) this.schedule(this.idleMs);
      });
    this.runs.add(run);
  }
}
