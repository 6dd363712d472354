// One side of the render benchmark (render-sides.ts) in a process of its own, as every
// baseline runs: neither side's garbage, compiled code or caches are the other's. Asked
// over IPC (helper-process.ts): `run` a task a number of times in a row, answered with the
// milliseconds they took, timed here so that the round trip is not in them.
import { answerRequests } from './baseline/helper-process';
import { renderSide, type RenderTask, type SideName } from './render-sides';

export type RunnerRequest = { kind: 'run'; task: RenderTask; times: number };

const side = renderSide(process.argv[2] as SideName);

// A benchmark that ends, however it ends, takes its sides with it.
process.once('disconnect', () => process.exit(0));

answerRequests(async (request) => {
  const ready = await side;
  const asked = request as RunnerRequest;
  const start = performance.now();
  for (let i = 0; i < asked.times; i++) await ready[asked.task]();
  return { ms: performance.now() - start };
});
