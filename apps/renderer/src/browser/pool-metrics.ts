import { metricsRegistry } from '@embed/service-runtime';
import { Counter, Gauge } from 'prom-client';

/** Why a browser was replaced: `recycled` after its share of jobs (routine), `hung` (killed, or given up as it started), `crashed`. */
export type RestartReason = 'recycled' | 'hung' | 'crashed';

const restarts = new Counter({
  name: 'embed_renderer_browser_restarts_total',
  help: 'Chromium browsers replaced, by reason (recycled, hung, crashed)',
  labelNames: ['reason'],
  registers: [metricsRegistry],
});

export function countBrowserRestart(reason: RestartReason): void {
  restarts.inc({ reason });
}

// What is read of the browser pool (browser-pool.ts, which counts its restarts here) and of
// the scheduler of file jobs (workers/fair-scheduler.ts), by shape: this file imports neither.
interface Watched {
  pool: { readonly running: number; readonly openPages: number; readonly pageLimit: number };
  scheduler: { readonly active: number; readonly concurrency: number; readonly queuedJobs: number };
}
let watched: Watched | undefined;

/** A gauge read from the process's pool or scheduler at each scrape. */
function reading(name: string, help: string, read: (source: Watched) => number): void {
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    collect() {
      if (watched) this.set(read(watched));
    },
  });
}

reading('embed_renderer_jobs_active', 'PDF and PNG jobs holding a browser slot now', ({ scheduler }) => scheduler.active);
reading('embed_renderer_jobs_capacity', 'PDF and PNG jobs this process runs at once (RENDER_BROWSER_JOBS)', ({ scheduler }) => scheduler.concurrency);
reading('embed_renderer_jobs_waiting', 'PDF and PNG jobs waiting for a browser slot (503 past RENDER_QUEUE_LIMIT)', ({ scheduler }) => scheduler.queuedJobs);
reading('embed_renderer_browsers_running', 'Chromium processes running: one, two while a replaced one finishes', ({ pool }) => pool.running);
reading('embed_renderer_pages_open', "Pages open in the browsers: the jobs', the spares prepared ahead, and those closing", ({ pool }) => pool.openPages);
reading('embed_renderer_pages_limit', 'Pages open at once at most (RENDER_PAGES_TOTAL)', ({ pool }) => pool.pageLimit);

export const POOL_METRICS = Symbol('POOL_METRICS');

/** Puts the process's browser pool and scheduler on /metrics (Nest calls it once, as a provider's factory). */
export function watchPool(pool: Watched['pool'], scheduler: Watched['scheduler']): Watched {
  watched = { pool, scheduler };
  return watched;
}
