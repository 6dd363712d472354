import type { ImportedDesign, ServiceReply } from '@embed/contracts';
import { type ImportJob, importReply } from '../imports/import-reply';
import { renderJob, type RenderJob, type RenderJobResult } from './render-job';

/** The CPU-bound work of the renderer, each kind on the same workers, in the same turns and under the same limits. */
export type WorkerJob = { render: RenderJob } | { import: ImportJob };
export type WorkerResult = RenderJobResult | ServiceReply<ImportedDesign>;

/** What a render worker does (render.worker.ts) with the job it is given. */
export function workerJob(job: WorkerJob): WorkerResult {
  return 'render' in job ? renderJob(job.render) : importReply(job.import);
}
