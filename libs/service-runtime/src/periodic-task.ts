import type { Logger } from '@nestjs/common';

/**
 * Runs a task at once and then every `intervalMs`, one run at a time: a slow run is not
 * overtaken by the next tick, and a failed one is logged and tried again at the next.
 * For the sweeps that put things right whatever was lost meanwhile (a queue flushed, a
 * retention passed); they must be safe to run in several replicas at once.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly task: () => Promise<void>,
    private readonly logger: Pick<Logger, 'error'>,
  ) {}

  start(): void {
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
  }

  /** Stops the ticks and waits for a run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** A run now, or the one already under way. */
  runOnce(): Promise<void> {
    this.running ??= this.task()
      .catch((err: unknown) => this.logger.error({ err }, `${this.name} failed`))
      .finally(() => (this.running = null));
    return this.running;
  }
}
