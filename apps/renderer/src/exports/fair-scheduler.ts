/** The queue is full: the caller answers 503 and the client retries. */
export class QueueFullError extends Error {
  constructor(limit: number) {
    super(`more than ${limit} files are waiting to be made`);
    this.name = 'QueueFullError';
  }
}

interface Waiting {
  start: () => void;
}

/**
 * Runs at most `concurrency` jobs at once and takes waiting jobs from each tenant in
 * turn, so that one project's burst of exports does not hold back everyone else's. At
 * most `queueLimit` jobs wait; a job whose signal aborts while it waits leaves the queue.
 */
export class FairScheduler {
  private running = 0;
  private queued = 0;
  /** Tenants with waiting jobs, in the order they are served (a Map keeps insertion order). */
  private readonly waiting = new Map<string, Waiting[]>();

  constructor(
    readonly concurrency: number,
    private readonly queueLimit: number,
  ) {}

  get active(): number {
    return this.running;
  }

  /** Jobs waiting for a slot. */
  get queuedJobs(): number {
    return this.queued;
  }

  async run<T>(tenant: string, signal: AbortSignal, job: () => Promise<T>): Promise<T> {
    await this.slot(tenant, signal);
    try {
      return await job();
    } finally {
      this.running--;
      this.next();
    }
  }

  private slot(tenant: string, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.running < this.concurrency && this.queued === 0) {
      this.running++;
      return Promise.resolve();
    }
    if (this.queued >= this.queueLimit) return Promise.reject(new QueueFullError(this.queueLimit));
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const queue = this.waiting.get(tenant) ?? [];
        const index = queue.indexOf(entry);
        if (index < 0) return;
        queue.splice(index, 1);
        if (queue.length === 0) this.waiting.delete(tenant);
        this.queued--;
        reject(signal.reason);
      };
      const entry: Waiting = {
        start: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const queue = this.waiting.get(tenant);
      if (queue) queue.push(entry);
      else this.waiting.set(tenant, [entry]);
      this.queued++;
    });
  }

  private next(): void {
    const first = this.waiting.entries().next();
    if (first.done || this.running >= this.concurrency) return;
    const [tenant, queue] = first.value;
    const entry = queue.shift() as Waiting;
    // The tenant goes to the back of the line, behind every other tenant that waits.
    this.waiting.delete(tenant);
    if (queue.length > 0) this.waiting.set(tenant, queue);
    this.queued--;
    this.running++;
    entry.start();
  }
}
