import path from 'node:path';
import type { DeadlinePoolOptions } from '../../workers/deadline-pool';
import { bundledWorker } from '../../workers/testing/bundled-worker';
import { RenderPool } from '../render-pool';

/** Render workers for a unit test: the real worker code (bundled from its source, see bundledWorker), one thread by default. */
export function testRenderPool(options: Partial<Omit<DeadlinePoolOptions, 'filename'>> = {}): RenderPool {
  const filename = bundledWorker(path.join(__dirname, '../render.worker.ts'));
  return new RenderPool({ filename, threads: 1, limitMs: 30_000, memoryMb: 512, queue: { total: 100 }, ...options });
}
