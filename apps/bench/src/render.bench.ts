import { render } from '@embed/render-core';
import { type Benchmark, line } from './benchmark';
import { HelperProcess } from './baseline/helper-process';
import { interleavedReports } from './interleave';
import { referenceEmail } from './reference-email';
import type { RunnerRequest } from './render-runner';
import { MERGE, RECIPIENTS, type RenderTask, type SideName } from './render-sides';

/** Blocks of runs measured for each of ours and the baseline, interleaved. */
const BLOCKS = 40;
/**
 * Runs in a block, timed together: the garbage collector's pause for what one run left
 * falls on a later one, and a block counts most of it with the runs that made it.
 */
const BLOCK = 5;
/** Rounds of the list row, ours and the baseline's in turn. */
const LIST_ROUNDS = 3;
/** Long enough for a round of the list, 10,000 baseline renders, on a loaded machine. */
const ASK_TIMEOUT_MS = 600_000;

const startSide = (name: SideName) => HelperProcess.start<RunnerRequest>('../render-runner.js', [name]);

/**
 * Our full render of the reference email (HTML, chunks, text, merge), against the pipeline
 * it replaces on the same content: mjml (npm) then html-to-text. And a render over a cached
 * layout (what repeated renders of a saved design cost: the compiled revision filled), against
 * the same pipeline with mjml's HTML compiled once as a Handlebars template: the merge, then
 * html-to-text. And one revision sent to a list of 10,000 recipients, each with their own
 * values, in renders a second. Each side runs in a process of its own (render-runner.ts),
 * ours and the baseline's runs in turn, so that both see the same machine load.
 */
export const benchmark: Benchmark = {
  name: 'render',
  async run() {
    const size = render(referenceEmail(), { merge: MERGE }).bytes;
    process.stderr.write(`bench: reference email is ${(size / 1024).toFixed(1)} KB of HTML\n`);
    const sides = await Promise.all([startSide('ours'), startSide('baseline')]);
    try {
      const timed = (task: RenderTask, times: number) => sides.map((side) => async () => (await side.ask<{ ms: number }>({ kind: 'run', task, times }, ASK_TIMEOUT_MS)).ms);
      const perRun = (task: RenderTask) => interleavedReports(timed(task, BLOCK), BLOCKS, BLOCKS / 10).then((spreads) => spreads.map(({ median }) => median / BLOCK));
      const [full, pipeline] = await perRun('full');
      const [cached, cachedPipeline] = await perRun('cached');
      const [ours, theirs] = await interleavedReports(timed('list', 1), LIST_ROUNDS, 0);
      const perSecond = (ms: number) => (RECIPIENTS * 1000) / ms;
      return [
        line('render.email.full', 'ms', full, 'mjml+html-to-text', pipeline),
        line('render.email.cached_layout', 'ms', cached, 'mjml HTML compiled once as a Handlebars template, merged, then html-to-text', cachedPipeline),
        line('render.email.list_10k', 'renders/s', perSecond(ours.median), 'the same Handlebars pipeline, 10,000 recipients of one revision', perSecond(theirs.median)),
      ];
    } finally {
      sides.forEach((side) => side.stop());
    }
  },
};
