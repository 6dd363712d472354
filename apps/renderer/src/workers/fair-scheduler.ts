/** How many jobs may wait: in all, and of any one tenant (by default as many as in all). */
export interface QueueLimits {
  total: number;
  perTenant?: number;
}

/** The queue is full, for everyone or for this tenant: the caller answers 503 and the client retries. */
export class QueueFullError extends Error {
  constructor(
    readonly limit: number,
    readonly ofTenant: boolean,
  ) {
    super(ofTenant ? `more than ${limit} jobs of this project are waiting` : `more than ${limit} jobs are waiting`);
    this.name = 'QueueFullError';
  }
}

interface Waiting {
  start: () => void;
}

/**
 * Runs at most `concurrency` jobs at once and takes waiting jobs from each tenant in
 * turn (the tenant with the fewest jobs running first, then the one served longest ago),
 * so that one project's burst of
 * exports or renders does not hold back everyone else's: another tenant's job waits for
 * the next free slot, not for the burst. At most
 * `limits.total` jobs wait, and `limits.perTenant` of one tenant; a job whose signal
 * aborts while it waits leaves the queue.
 */
export class FairScheduler {
  private running = 0;
  private queued = 0;
  /** Tenants with waiting jobs, in the order they came (a Map keeps insertion order). */
  private readonly waiting = new Map<string, Waiting[]>();
  /** Tenants with jobs running or waiting: how many run, and when one of theirs last started. */
  private readonly tenants = new Map<string, { running: number; servedAt: number }>();
  private starts = 0;

  constructor(
    readonly concurrency: number,
    private readonly limits: QueueLimits,
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
      (this.tenants.get(tenant) as { running: number }).running--;
      this.forgetIdle(tenant);
      this.next();
    }
  }

  private slot(tenant: string, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.running < this.concurrency && this.queued === 0) {
      this.start(tenant);
      return Promise.resolve();
    }
    if (this.queued >= this.limits.total) return Promise.reject(new QueueFullError(this.limits.total, false));
    const perTenant = this.limits.perTenant ?? this.limits.total;
    if ((this.waiting.get(tenant)?.length ?? 0) >= perTenant) return Promise.reject(new QueueFullError(perTenant, true));
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const queue = this.waiting.get(tenant) ?? [];
        const index = queue.indexOf(entry);
        if (index < 0) return;
        queue.splice(index, 1);
        if (queue.length === 0) this.waiting.delete(tenant);
        this.forgetIdle(tenant);
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
    if (this.waiting.size === 0 || this.running >= this.concurrency) return;
    const tenant = this.nextTenant();
    const queue = this.waiting.get(tenant) as Waiting[];
    const entry = queue.shift() as Waiting;
    if (queue.length === 0) this.waiting.delete(tenant);
    this.queued--;
    this.start(tenant);
    entry.start();
  }

  /**
   * Of the waiting tenants, one with the fewest jobs running, and of those the one served
   * longest ago (never: first, in the order they came): a tenant whose burst holds the
   * slots comes after one that holds none, and one just served after those waiting.
   */
  private nextTenant(): string {
    let chosen = '';
    let best = { running: Infinity, servedAt: Infinity };
    for (const tenant of this.waiting.keys()) {
      const seen = this.tenants.get(tenant) ?? { running: 0, servedAt: -1 };
      if (seen.running < best.running || (seen.running === best.running && seen.servedAt < best.servedAt)) [chosen, best] = [tenant, seen];
    }
    return chosen;
  }

  private start(tenant: string): void {
    this.running++;
    const seen = this.tenants.get(tenant);
    this.tenants.set(tenant, { running: (seen?.running ?? 0) + 1, servedAt: this.starts++ });
  }

  /** A tenant with nothing running or waiting is forgotten: the map holds only tenants at work. */
  private forgetIdle(tenant: string): void {
    if (!this.waiting.has(tenant) && !this.tenants.get(tenant)?.running) this.tenants.delete(tenant);
  }
}
