import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { untilAborted } from '@embed/service-runtime';
import { startWithin, StartTimeoutError, withinMs } from './deadlines';
import { keptToClose, mayKeep, type PageLimits } from './page-policy';
import { countBrowserRestart } from './pool-metrics';

export interface BrowserPoolOptions {
  executablePath: string;
  /** A browser that has opened this many contexts is replaced (Chromium grows with use). */
  jobsPerBrowser: number;
  /** Pages kept open ahead of the jobs: one per job that may run at once. */
  spares: number;
  /** What every page gets before a job may take it (the sandbox's settings, sandboxed-page.ts). */
  preparePage: (page: Page) => Promise<void>;
  /** How many pages are open and kept, and for how long (page-policy.ts). */
  pages: PageLimits;
}

/**
 * Chromium's own network is cut: everything the page loads is intercepted and fetched
 * by the sandbox (sandboxed-page.ts); the dead proxy (also for loopback, which Chromium
 * otherwise bypasses) and the resolver that resolves nothing stop whatever escapes
 * interception, such as WebSockets. `--no-sandbox` because Chromium's own sandbox cannot
 * start in the container, where the service runs as an unprivileged user (deploy/Dockerfile)
 * with no capabilities and no privilege escalation: it needs user namespaces (refused by the
 * runtime's default seccomp profile) or a setuid helper. The isolation is the above and the
 * container's. Chromium 156 opens a window for each context, whose address bar's
 * suggestions (and their AI mode) are pages of their own in one more renderer process:
 * nobody types in it here, and without them a context costs one renderer process instead
 * of two. Measured with 6 contexts each printing a PDF: Chromium's processes held 1.6 GB
 * resident instead of 2.7 GB (about 150 MB a page instead of 310). Nor does it keep a spare
 * renderer process warm for a next navigation: the pages are bounded, and so are their processes.
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
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess',
];

/** Starting Chromium or opening a page takes a second or two on a busy machine; one that needs this long is hung. */
const HUNG_AFTER_MS = 10_000;

interface Lease {
  browser: Browser;
  /** Contexts opened in it, spares included: what counts against `jobsPerBrowser`. */
  contexts: number;
  /** Contexts not closed yet. */
  open: number;
  /** Opens no more contexts; closes once its open ones are closed. */
  retired: boolean;
  /** Crashed or killed: its pages are of no use any more. */
  dead: boolean;
}

/** A page in an incognito context of its own, opened for one job, or for the jobs of one tenant. */
interface Spare {
  lease: Lease;
  context: BrowserContext;
  page: Page;
  /** Jobs it served. */
  jobs: number;
}

/** A page that served a job of a tenant, waiting for the tenant's next one. */
interface Kept {
  tenant: string;
  spare: Spare;
  idle: NodeJS.Timeout;
}

/**
 * One long-lived Chromium per renderer process, and a fresh isolated browser context per
 * job (no cookies, cache or storage shared between designs), which no other tenant's job
 * ever gets (below). Opening a context and its page is the slow part of a job on a warm
 * browser (200-400 ms, more than printing), so `spares` of them are opened and prepared
 * ahead: at start-up (`warm`), and after each job that took one. Not while the job runs: a
 * page opening beside a job slowed it by more than the opening took (measured with
 * back-to-back PDFs), and with one spare per job slot the next job still finds one
 * ready. A job whose spare is not ready waits for it, or opens its own when none is
 * being opened.
 *
 * A job that names its tenant (a project's environment) leaves its page, once done, for
 * the tenant's next job, which then only loads its design into it: a context per job
 * cost Chromium twice the CPU of printing on a page reused (measured on PDFs of the email
 * example), and under a full queue that CPU is the renderer's throughput. Nothing passes
 * from job to job but within one tenant: scripts never run, the sandbox answers every
 * request (request interception turns Chromium's cache off) and sets no cookie.
 *
 * Chromium's memory is its pages (each context has a renderer process of its own, about
 * 150 MB resident with the flags above), so the pages are bounded (`pages`,
 * page-policy.ts): a page is kept for `jobsPerPage` jobs and `idleMs` idle at most,
 * `perTenant` of one tenant; and no more than `total` pages are open at once, whatever
 * their state, closing ones included. A page that needs a slot when all are taken closes
 * the oldest kept page, or waits for a page to close; meanwhile no page is kept.
 *
 * The browser is replaced when it crashes, when a job hangs it, or after
 * `jobsPerBrowser` contexts and jobs on kept pages; a replaced browser finishes the jobs
 * and spares it has before it closes. How many jobs run at once is the scheduler's business
 * (fair-scheduler.ts), not the pool's.
 */
export class BrowserPool {
  private current: Lease | null = null;
  private launching: Promise<Lease> | null = null;
  private readonly leases = new Set<Lease>();
  /** Spares being prepared or ready, oldest first. */
  private readonly spares: Promise<Spare>[] = [];
  /** Pages kept for their tenants' next jobs, oldest first. */
  private readonly kept: Kept[] = [];
  /** Pages holding one of the `pages.total` slots: from before they open until they have closed. */
  private pages = 0;
  /** Pages closing (their slots are about to be free). */
  private closing = 0;
  /** Pages waiting for a slot, first come first served. */
  private readonly waiting: Array<() => void> = [];
  private closed = false;

  constructor(private readonly options: BrowserPoolOptions) {}

  /** Launches the browser and prepares the spares; resolves when they are ready (or failed). */
  async warm(): Promise<void> {
    this.refill();
    await Promise.allSettled(this.spares);
  }

  /**
   * Runs `work` on a prepared page of its own, or on one its `tenant` used before. When
   * `signal` aborts (the job's deadline), the job fails at once and its page is closed; if
   * its context then does not close within a moment, Chromium is taken to be hung and
   * killed, and the next job gets a fresh one.
   */
  async withPage<T>(signal: AbortSignal, work: (page: Page) => Promise<T>, tenant?: string): Promise<T> {
    const reused = tenant === undefined ? undefined : this.takeKept(tenant);
    const spare = reused ?? (await this.take(signal));
    let result: T;
    try {
      result = await untilAborted(work(spare.page), signal);
    } catch (error) {
      // The browser may be hung: known before the next job takes a page.
      await this.release(spare);
      if (!reused) this.refill();
      throw error;
    }
    spare.jobs++;
    // Kept for the tenant's next job, or closed without the answer waiting for it; then
    // the spare it took is replaced (after: a spare that finds every slot taken closes the
    // oldest kept page, which may be another tenant's rather than this one).
    if (tenant === undefined || !this.keep(tenant, spare)) void this.release(spare);
    if (!reused) this.refill();
    return result;
  }

  /** Browsers running now: one, and for a moment two while a replaced one finishes its jobs. */
  get running(): number {
    return [...this.leases].filter((lease) => lease.browser.connected).length;
  }

  /** Pages open in every browser: the jobs', the spares', and those still closing. */
  get openPages(): number {
    return [...this.leases].reduce((open, lease) => open + lease.open, 0);
  }

  /** The most pages open at once (`pages.total`). */
  get pageLimit(): number {
    return this.options.pages.total;
  }

  /** The browser new contexts are opened in, unless it is due to be replaced (for tests). */
  get currentBrowser(): Browser | undefined {
    return this.current?.browser;
  }

  async shutdown(): Promise<void> {
    this.closed = true;
    this.current = null;
    this.spares.length = 0;
    for (const { idle } of this.kept.splice(0)) clearTimeout(idle);
    // Pages waiting for a slot learn that the pool is shut down.
    for (const wake of this.waiting.splice(0)) wake();
    await this.launching?.catch(() => undefined);
    await Promise.all([...this.leases].map((lease) => this.close(lease)));
  }

  /**
   * The oldest spare, or a page of the job's own when none is waiting; a spare that
   * failed or whose browser died meanwhile is replaced by one of the job's own.
   */
  private async take(signal: AbortSignal): Promise<Spare> {
    const queued = this.spares.shift();
    const pending = queued ?? this.prepare();
    const spare = await this.settle(pending, signal).catch((error: unknown) => {
      if (signal.aborted || !queued) throw error;
      return null;
    });
    if (spare && !spare.lease.dead) return spare;
    if (spare) void this.release(spare);
    return this.settle(this.prepare(), signal);
  }

  /** Waits for a spare until `signal` aborts; one that arrives after that is closed unused. */
  private async settle(pending: Promise<Spare>, signal: AbortSignal): Promise<Spare> {
    try {
      return await untilAborted(pending, signal);
    } catch (error) {
      if (signal.aborted) pending.then((spare) => this.release(spare), () => undefined);
      throw error;
    }
  }

  /** The tenant's page kept most lately, unless its browser is being replaced (then it is closed). */
  private takeKept(tenant: string): Spare | undefined {
    for (let i = this.kept.length - 1; i >= 0; i--) {
      if (this.kept[i].tenant !== tenant) continue;
      const [{ spare, idle }] = this.kept.splice(i, 1);
      clearTimeout(idle);
      if (!spare.lease.retired) {
        this.countUse(spare.lease);
        return spare;
      }
      void this.release(spare);
    }
    return undefined;
  }

  /**
   * Keeps a page for its tenant's next job, closing the kept pages the limits leave no
   * room for; false when the page may not be kept (page-policy.ts) or its browser is being replaced.
   */
  private keep(tenant: string, spare: Spare): boolean {
    if (this.closed || spare.lease.retired || !mayKeep(spare.jobs, this.waiting.length, this.options.pages)) return false;
    const idle = setTimeout(() => this.closeKept((kept) => kept.spare === spare), this.options.pages.idleMs).unref();
    this.kept.push({ tenant, spare, idle });
    this.closeKeptPastLimits();
    return true;
  }

  /** Closes the kept pages past their tenant's share, and those that the other pages and the pages waiting for a slot leave no room for. */
  private closeKeptPastLimits(): void {
    const others = this.pages - this.kept.length - this.closing;
    const closing = new Set(keptToClose(this.kept, this.options.pages.total - others - this.waiting.length, this.options.pages));
    this.closeKept((kept) => closing.has(kept));
  }

  private closeKept(which: (kept: Kept) => boolean): void {
    const closing = this.kept.filter(which);
    for (const kept of closing) {
      this.kept.splice(this.kept.indexOf(kept), 1);
      clearTimeout(kept.idle);
      void this.release(kept.spare);
    }
  }

  /**
   * One more context opened in the browser, or job served on a page kept in it: past
   * `jobsPerBrowser` it is replaced, and the pages kept in it are closed.
   */
  private countUse(lease: Lease): void {
    if (++lease.contexts < this.options.jobsPerBrowser || lease.retired) return;
    countBrowserRestart('recycled');
    lease.retired = true;
    if (this.current === lease) this.current = null;
    this.closeKept((kept) => kept.spare.lease === lease);
  }

  private refill(): void {
    while (!this.closed && this.spares.length < this.options.spares) {
      const spare = this.prepare();
      // Its failure is seen by the job that takes it.
      spare.catch(() => undefined);
      this.spares.push(spare);
    }
  }

  /** Takes one of the `pages.total` slots, once a page closes when all are taken (the oldest kept page closes for it). */
  private async slot(): Promise<void> {
    while (!this.closed && this.pages >= this.options.pages.total) {
      const freed = new Promise<void>((resolve) => this.waiting.push(resolve));
      this.closeKeptPastLimits();
      await freed;
    }
    if (this.closed) throw new Error('the browser pool is shut down');
    this.pages++;
  }

  private freeSlot(): void {
    this.pages--;
    this.waiting.shift()?.();
  }

  private async prepare(): Promise<Spare> {
    await this.slot();
    let lease: Lease;
    try {
      lease = await this.lease();
    } catch (error) {
      this.freeSlot();
      throw error;
    }
    lease.open++;
    const hung = AbortSignal.timeout(HUNG_AFTER_MS);
    const opening = lease.browser.createBrowserContext();
    try {
      const context = await untilAborted(opening, hung);
      const page = await untilAborted(context.newPage(), hung);
      await untilAborted(this.options.preparePage(page), hung);
      return { lease, context, page, jobs: 0 };
    } catch (error) {
      if (hung.aborted) this.kill(lease);
      void opening.then(
        (context) => this.release({ lease, context }),
        () => this.release({ lease }),
      );
      throw error;
    }
  }

  private async release({ lease, context }: { lease: Lease; context?: BrowserContext }): Promise<void> {
    this.closing++;
    const closed = context ? await withinMs(context.close(), 2_000) : true;
    this.closing--;
    lease.open--;
    this.freeSlot();
    if (!closed) this.kill(lease);
    else if (lease.retired && lease.open === 0) await this.close(lease);
  }

  private async lease(): Promise<Lease> {
    if (this.closed) throw new Error('the browser pool is shut down');
    if (!this.current || this.current.retired) {
      this.current = null;
      this.launching ??= this.launch().finally(() => (this.launching = null));
      this.current = await this.launching;
    }
    const lease = this.current;
    this.countUse(lease);
    return lease;
  }

  private async launch(): Promise<Lease> {
    // Puppeteer would close the browser at SIGTERM and exit at SIGINT, failing the jobs in
    // flight; the service's graceful stop closes it (shutdown) once they are answered.
    // It still kills the browser when the process exits.
    const signals = { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false };
    // A Chromium killed while it starts can leave Puppeteer's launch waiting for good (for
    // the pages it had before it died), and with it every page asked of the pool: the
    // launch is given up, and Chromium killed, once it takes too long (counted as hung).
    const browser = await startWithin(
      (signal) => puppeteer.launch({ executablePath: this.options.executablePath, args: CHROMIUM_ARGS, headless: true, pipe: true, signal, ...signals }),
      HUNG_AFTER_MS,
    ).catch((error: unknown) => {
      if (error instanceof StartTimeoutError && !this.closed) countBrowserRestart('hung');
      throw error;
    });
    const lease: Lease = { browser, contexts: 0, open: 0, retired: false, dead: false };
    this.leases.add(lease);
    // A crashed browser is never handed out again.
    browser.once('disconnected', () => {
      if (!lease.retired && !this.closed) countBrowserRestart('crashed');
      lease.retired = lease.dead = true;
      if (this.current === lease) this.current = null;
      this.leases.delete(lease);
      // Its kept pages' slots are free for pages in a new browser.
      this.closeKept((kept) => kept.spare.lease === lease);
    });
    if (this.closed) {
      await this.close(lease);
      throw new Error('the browser pool is shut down');
    }
    return lease;
  }

  private kill(lease: Lease): void {
    if (!lease.retired && !this.closed) countBrowserRestart('hung');
    lease.retired = lease.dead = true;
    if (this.current === lease) this.current = null;
    lease.browser.process()?.kill('SIGKILL');
  }

  private async close(lease: Lease): Promise<void> {
    if (!(await withinMs(lease.browser.close(), 5_000))) this.kill(lease);
  }
}
