import path from 'node:path';
import { DeadlinePool } from '../workers/deadline-pool';
import type { RenderJob, RenderJobResult } from './render-job';

/** The worker file as the build compiles it, beside this one (dist/apps/renderer/src/render/render.worker.js). */
export const RENDER_WORKER_FILE = path.join(__dirname, 'render.worker.js');

/** The render workers: layout and merge of one render each, within the render time limit. */
export class RenderPool extends DeadlinePool<RenderJob, RenderJobResult> {}
