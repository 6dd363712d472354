import type { Provider } from '@nestjs/common';
import { num, str } from 'envalid';
import { type ConfigOf, positiveInt, storageSpecs } from '@embed/config';
import { type ReadinessChecks, readinessChecks } from '@embed/service-runtime';
import { ObjectStorage, openStorage } from '@embed/storage';
import { BrowserPool } from '../browser/browser-pool';
import { EXPORT_SWEEP_SETTINGS, ExportSweep, type ExportSweepSettings } from '../retention/export-sweep';
import { FairScheduler } from '../workers/fair-scheduler';
import { POOL_METRICS, watchPool } from '../browser/pool-metrics';
import { ResourceLoader } from '../sandbox/resource-loader';
import { lockDownPage } from '../sandbox/sandboxed-page';

export const fileSpecs = {
  ...storageSpecs,
  /** The Chromium that makes PDFs and PNGs (Debian's, in the renderer's image and on a development machine). */
  CHROMIUM_PATH: str({ default: '/usr/bin/chromium' }),
  /** PDF and PNG jobs one renderer process runs at once (one browser, this many contexts), and pages kept open ahead. About one per core. */
  RENDER_BROWSER_JOBS: num({ default: 2 }),
  /** Contexts (one per job, spare pages included) a browser opens before it is replaced by a fresh one. */
  RENDER_BROWSER_RECYCLE_JOBS: num({ default: 200 }),
  /**
   * Chromium's pages open at once at most, in every state: prepared ahead, making a file,
   * kept for a tenant's next job, closing. Chromium's memory is mostly its pages (about
   * 150 MB resident each, docs/capacity.md), so this bounds it. At least 2 × RENDER_BROWSER_JOBS
   * (the jobs' pages and as many prepared ahead); what is left is for pages kept for tenants.
   */
  RENDER_PAGES_TOTAL: positiveInt({ default: 6 }),
  /** Pages kept for one tenant's (a project's environment's) next PDF or PNG at most; its next job then only loads its design into one. */
  RENDER_PAGES_PER_TENANT: positiveInt({ default: 1 }),
  /** Jobs one kept page serves before it is closed and a fresh one takes its place. */
  RENDER_PAGE_JOBS: positiveInt({ default: 50 }),
  /** How long a kept page waits for its tenant's next job before it is closed, in milliseconds. */
  RENDER_PAGE_IDLE_MS: positiveInt({ default: 60_000 }),
  /** Jobs that may wait for a browser; past it the renderer answers 503 at once. */
  RENDER_QUEUE_LIMIT: num({ default: 100 }),
  /** How often exported files past their retention are deleted (filesystem driver only; S3 has a lifecycle rule). */
  EXPORT_SWEEP_INTERVAL_MS: num({ default: 15 * 60_000 }),
};

/** `checks`: the service's other readiness checks, beside the store's. */
export function fileProviders(config: ConfigOf<typeof fileSpecs>, checks: ReadinessChecks = {}): Provider[] {
  const storage = openStorage(config);
  const sweep: ExportSweepSettings = { retentionHours: config.EXPORT_RETENTION_HOURS, intervalMs: config.EXPORT_SWEEP_INTERVAL_MS };
  return [
    { provide: ObjectStorage, useValue: storage },
    readinessChecks({ ...checks, store: (signal) => storage.check(signal) }),
    { provide: ResourceLoader, useValue: new ResourceLoader(storage, config.PUBLIC_BASE_URL) },
    {
      provide: BrowserPool,
      useValue: new BrowserPool({
        executablePath: config.CHROMIUM_PATH,
        jobsPerBrowser: config.RENDER_BROWSER_RECYCLE_JOBS,
        spares: config.RENDER_BROWSER_JOBS,
        preparePage: lockDownPage,
        pages: { total: config.RENDER_PAGES_TOTAL, perTenant: config.RENDER_PAGES_PER_TENANT, jobsPerPage: config.RENDER_PAGE_JOBS, idleMs: config.RENDER_PAGE_IDLE_MS },
      }),
    },
    { provide: FairScheduler, useValue: new FairScheduler(config.RENDER_BROWSER_JOBS, { total: config.RENDER_QUEUE_LIMIT }) },
    { provide: POOL_METRICS, useFactory: watchPool, inject: [BrowserPool, FairScheduler] },
    { provide: EXPORT_SWEEP_SETTINGS, useValue: sweep },
    ExportSweep,
  ];
}
