import path from 'node:path';
import type { ImportedDesign, ServiceReply } from '@embed/contracts';
import type { ImportJob } from '../imports/import-reply';
import { DeadlinePool, type JobTurn } from '../workers/deadline-pool';
import type { RenderJob, RenderJobResult } from './render-job';
import type { WorkerJob, WorkerResult } from './worker-job';

/** The worker file as the build compiles it, beside this one (dist/apps/renderer/src/render/render.worker.js). */
export const RENDER_WORKER_FILE = path.join(__dirname, 'render.worker.js');

/**
 * The render workers: the layout and merge of one render, or the conversion of one
 * import, each within the render time limit, taken from each project in turn.
 */
export class RenderPool extends DeadlinePool<WorkerJob, WorkerResult> {
  render(job: RenderJob, turn: JobTurn): Promise<RenderJobResult> {
    return this.run({ render: job }, turn) as Promise<RenderJobResult>;
  }

  import(request: ImportJob, turn: JobTurn): Promise<ServiceReply<ImportedDesign>> {
    return this.run({ import: request }, turn) as Promise<ServiceReply<ImportedDesign>>;
  }
}
