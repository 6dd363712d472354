import type { Provider } from '@nestjs/common';
import { num, str } from 'envalid';
import { type ConfigOf, storageSpecs } from '@embed/config';
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
      }),
    },
    { provide: FairScheduler, useValue: new FairScheduler(config.RENDER_BROWSER_JOBS, { total: config.RENDER_QUEUE_LIMIT }) },
    { provide: POOL_METRICS, useFactory: watchPool, inject: [BrowserPool, FairScheduler] },
    { provide: EXPORT_SWEEP_SETTINGS, useValue: sweep },
    ExportSweep,
  ];
}
