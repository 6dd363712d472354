import puppeteer, { type Browser, type BrowserContext } from 'puppeteer-core';

export interface BrowserPoolOptions {
  executablePath: string;
  /** A browser that has served this many jobs is replaced (Chromium grows with use). */
  jobsPerBrowser: number;
}

/**
 * Chromium's own network is cut: everything the page loads is intercepted and fetched
 * by the sandbox (sandboxed-page.ts); the dead proxy (also for loopback, which Chromium
 * otherwise bypasses) and the resolver that resolves nothing stop whatever escapes
 * interception, such as WebSockets. `--no-sandbox` because the service runs as root in
 * its container, where Chromium's own sandbox cannot start; the isolation is the above
 * and the container's.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--force-webrtc-ip-handling-policy',
];

interface Lease {
  browser: Browser;
  jobs: number;
  active: number;
  retired: boolean;
}

/**
 * One long-lived Chromium per renderer process, a fresh isolated browser context per job
 * (no cookies, cache or storage shared between designs). The browser is replaced when it
 * crashes, when a job hangs it, or after `jobsPerBrowser` jobs; a replaced browser
 * finishes the jobs it has before it closes. How many jobs run at once is the
 * scheduler's business (fair-scheduler.ts), not the pool's.
 */
export class BrowserPool {
  private current: Lease | null = null;
  private launching: Promise<Lease> | null = null;
  private readonly leases = new Set<Lease>();

  constructor(private readonly options: BrowserPoolOptions) {}

  /**
   * Runs `work` in a new browser context. When `signal` aborts (the job's deadline), the
   * job fails at once; if its context then does not close within a moment, Chromium is
   * taken to be hung and killed, and the next job starts a fresh one.
   */
  async withContext<T>(signal: AbortSignal, work: (context: BrowserContext) => Promise<T>): Promise<T> {
    const lease = await this.lease();
    lease.active++;
    let context: BrowserContext | undefined;
    try {
      context = await untilAborted(lease.browser.createBrowserContext(), signal);
      return await untilAborted(work(context), signal);
    } finally {
      const closed = context ? await withinMs(context.close(), 2_000) : true;
      lease.active--;
      if (!closed) this.kill(lease);
      else if (lease.retired && lease.active === 0) void this.close(lease);
    }
  }

  /** Browsers running now: one, and for a moment two while a replaced one finishes its jobs. */
  get running(): number {
    return [...this.leases].filter((lease) => lease.browser.connected).length;
  }

  /** The browser the next job gets, unless it is due to be replaced (for tests). */
  get currentBrowser(): Browser | undefined {
    return this.current?.browser;
  }

  async shutdown(): Promise<void> {
    this.current = null;
    await Promise.all([...this.leases].map((lease) => this.close(lease)));
  }

  private async lease(): Promise<Lease> {
    if (!this.current || this.current.retired || !this.current.browser.connected) {
      this.current = null;
      this.launching ??= this.launch().finally(() => (this.launching = null));
      this.current = await this.launching;
    }
    const lease = this.current;
    if (++lease.jobs >= this.options.jobsPerBrowser) lease.retired = true;
    return lease;
  }

  private async launch(): Promise<Lease> {
    const browser = await puppeteer.launch({ executablePath: this.options.executablePath, args: CHROMIUM_ARGS, headless: true, pipe: true });
    const lease: Lease = { browser, jobs: 0, active: 0, retired: false };
    this.leases.add(lease);
    // A crashed browser is never handed out again.
    browser.once('disconnected', () => {
      lease.retired = true;
      this.leases.delete(lease);
    });
    return lease;
  }

  private kill(lease: Lease): void {
    lease.retired = true;
    lease.browser.process()?.kill('SIGKILL');
  }

  private async close(lease: Lease): Promise<void> {
    if (!(await withinMs(lease.browser.close(), 5_000))) this.kill(lease);
  }
}

/** Settles with `promise`, or rejects as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** true when `promise` settles within `ms` (its failure counts as settled: there is nothing left to wait for). */
async function withinMs(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
