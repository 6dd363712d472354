/**
 * Runs `task` again and again, one run at a time: at once when it reports more work or
 * when woken, after `idleMs` otherwise, and after `idleMs` when it fails (a database
 * outage is waited out, not spun on). Several wakes during a run make one more run.
 */
export class PollLoop {
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private running: Promise<void> | undefined;
  private wokenWhileRunning = false;
  private stopped = true;

  constructor(
    private readonly task: () => Promise<boolean>,
    private readonly idleMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) this.wokenWhileRunning = true;
    else this.schedule(0);
  }

  /** Stops scheduling and waits for the run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearImmediate(this.immediate);
    await this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    clearImmediate(this.immediate);
    // A run due now goes in this turn of the event loop: Node makes setTimeout(0) wait a
    // millisecond, and a save's webhook passes two of these loops (relay, then pump).
    if (delayMs === 0) this.immediate = setImmediate(() => void this.run());
    else this.timer = setTimeout(() => void this.run(), delayMs);
  }

  private async run(): Promise<void> {
    let more = false;
    this.running = this.task().then(
      (result) => void (more = result),
      (error: unknown) => this.onError(error),
    );
    await this.running;
    this.running = undefined;
    if (this.stopped) return;
    const again = more || this.wokenWhileRunning;
    this.wokenWhileRunning = false;
    this.schedule(again ? 0 : this.idleMs);
  }
}
