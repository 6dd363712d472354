import { BrowserPool, type BrowserPoolOptions } from './browser-pool';
import { eventually } from './testing/eventually';
import { metricValue as value } from './testing/metric-value';
import { ROOMY_PAGES } from './testing/page-limits';
import { FairScheduler } from '../workers/fair-scheduler';
import { watchPool } from './pool-metrics';

// A real Chromium, as in browser-pool.spec.ts: the counters move when real browsers are replaced.
jest.setTimeout(60_000);

const newPool = (options: Partial<BrowserPoolOptions> = {}) =>
  new BrowserPool({ executablePath: '/usr/bin/chromium', jobsPerBrowser: 100, spares: 2, preparePage: async () => undefined, pages: ROOMY_PAGES, ...options });

describe('pool metrics', () => {
  it('reads the pages, browsers and slots of the pool and scheduler at each scrape', async () => {
    const pool = newPool();
    watchPool(pool, new FairScheduler(3, { total: 10 }));
    try {
      await pool.warm();
      expect(await value('embed_renderer_pages_open')).toBe(2);
      expect(await value('embed_renderer_browsers_running')).toBe(1);
      expect([await value('embed_renderer_jobs_capacity'), await value('embed_renderer_jobs_active'), await value('embed_renderer_jobs_waiting')]).toEqual([3, 0, 0]);
      // Whatever the pool's policy for spares, the gauge agrees with Chromium's own count (less its default context).
      const contexts = () => pool.currentBrowser!.browserContexts().length - 1;
      await pool.withPage(AbortSignal.timeout(20_000), async () => expect(await value('embed_renderer_pages_open')).toBe(contexts()));
    } finally {
      await pool.shutdown();
    }
  });

  it('counts a browser that crashed, and one replaced after its share of jobs, but not a pool shutting down', async () => {
    const crashed = await value('embed_renderer_browser_restarts_total', { reason: 'crashed' });
    const recycled = await value('embed_renderer_browser_restarts_total', { reason: 'recycled' });
    const pool = newPool({ jobsPerBrowser: 4, spares: 1 });
    try {
      await pool.warm();
      pool.currentBrowser!.process()!.kill('SIGKILL');
      await eventually(async () => (await value('embed_renderer_browser_restarts_total', { reason: 'crashed' })) === crashed + 1);
      for (let job = 0; job < 4; job++) await pool.withPage(AbortSignal.timeout(20_000), async (page) => page.setContent('<p>job</p>'));
      expect(await value('embed_renderer_browser_restarts_total', { reason: 'recycled' })).toBe(recycled + 1);
    } finally {
      await pool.shutdown();
    }
    expect(await value('embed_renderer_browser_restarts_total', { reason: 'crashed' })).toBe(crashed + 1);
    expect(await value('embed_renderer_browser_restarts_total', { reason: 'hung' })).toBe(0);
  });
});
