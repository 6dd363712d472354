import { Injectable } from '@nestjs/common';
import { metricsRegistry } from '@embed/service-runtime';
import { Counter, Gauge } from 'prom-client';
import { BrowserPool } from './browser-pool';
import { FairScheduler } from './fair-scheduler';

/** Why a browser was replaced: `recycled` after its share of jobs (routine), `hung` (killed), `crashed`. */
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

/** A gauge read from the pool or the scheduler at each scrape. */
function reading(name: string, help: string, read: () => number): Gauge {
  return new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    collect() {
      this.set(read());
    },
  });
}

/**
 * The renderer's browser capacity on /metrics: PDF and PNG jobs running against the
 * slots there are, jobs waiting for a slot, and the browsers behind them. Nest builds
 * it once with the process's pool and scheduler.
 */
@Injectable()
export class PoolMetrics {
  constructor(pool: BrowserPool, scheduler: FairScheduler) {
    reading('embed_renderer_jobs_active', 'PDF and PNG jobs holding a browser slot now', () => scheduler.active);
    reading('embed_renderer_jobs_capacity', 'PDF and PNG jobs this process runs at once (RENDER_BROWSER_JOBS)', () => scheduler.concurrency);
    reading('embed_renderer_jobs_waiting', 'PDF and PNG jobs waiting for a browser slot (503 past RENDER_QUEUE_LIMIT)', () => scheduler.queuedJobs);
    reading('embed_renderer_browsers_running', 'Chromium processes running: one, two while a replaced one finishes', () => pool.running);
  }
}
