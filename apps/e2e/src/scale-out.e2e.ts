// @lane alone: adds a renderer replica, and stops it while its PDF exports run, which must finish within their budget (on a loaded machine one did not: 503).
import { call, exampleDesign, newProject, saveDesign } from './support/api';
import { metricAt } from './support/metrics';
import { opsUrl, sleep, startService, stopReplica, waitFor } from './support/stack';

/** Messages of a subject a renderer replica has handled, whatever their outcome (each outcome is a series of its own). */
const handled = (opsBase: string, subject: string) => metricAt(opsBase, 'embed_nats_message_duration_seconds_count', { subject });
const rendersHandled = (opsBase: string) => handled(opsBase, 'render.design.v1');

/** A second renderer beside the stack's own, on an operators' port of its own. */
async function secondRenderer() {
  const ops = 3_900 + (process.pid % 90);
  const pid = startService('renderer', { replica: true, env: { OPS_PORT: String(ops) } });
  const url = `http://127.0.0.1:${ops}`;
  await waitFor('the second renderer', async () => (await fetch(`${url}/readyz`).catch(() => null))?.status === 200);
  return { pid, url };
}

/** Runs `request` in a loop per key until `stop` resolves; every status answered (0 for a refused connection). */
async function loadUntil(keys: string[], request: (key: string) => Promise<{ status: number }>, stop: () => Promise<void>): Promise<number[]> {
  const statuses: number[] = [];
  let running = true;
  const load = Promise.all(
    keys.map(async (key) => {
      while (running) {
        // A refused connection counts as an answer lost (0), not as a crash of the test run.
        statuses.push(await request(key).then(({ status }) => status, () => 0));
        await sleep(40);
      }
    }),
  );
  await stop();
  running = false;
  await load;
  return statuses;
}

describe('scale-out', () => {
  it('shares renders between two renderer replicas and answers every accepted request while one of them stops', async () => {
    // One project per worker: each key stays well under its 120 renders a minute.
    const keys = Array.from({ length: 4 }, () => newProject('email').testKey);
    const doc = exampleDesign('email');
    const render = (key: string) => call('POST', '/embed/v1/render', { bearer: key, body: { doc, merge: { contact: { first_name: 'Ada' } } } });
    const second = await secondRenderer();
    const first = await rendersHandled(opsUrl('renderer'));
    let beforeStop = 0;
    const statuses = await loadUntil(keys, render, async () => {
      await sleep(1_500);
      beforeStop = await rendersHandled(second.url);
      await stopReplica(second.pid);
      await sleep(1_000);
    });

    expect(beforeStop).toBeGreaterThan(0);
    expect(await rendersHandled(opsUrl('renderer'))).toBeGreaterThan(first);
    expect(statuses.length).toBeGreaterThan(10);
    // Accepted while a replica drained: every one answered, by either replica (or 503, never dropped).
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(statuses.length * 0.9);
  });

  it('finishes the PDF exports a stopping replica has taken: its browser closes after them, not at the signal', async () => {
    const keys = Array.from({ length: 3 }, () => newProject('email').testKey);
    const designs = new Map(await Promise.all(keys.map(async (key) => [key, (await saveDesign(key, 'pat', 'Exported', exampleDesign('email'))).id] as const)));
    const exportPdf = (key: string) => call('POST', `/embed/v1/designs/${designs.get(key)}/export`, { bearer: key, body: { user: { id: 'pat' }, format: 'pdf' } });
    const second = await secondRenderer();
    let takenBeforeStop = 0;
    const statuses = await loadUntil(keys, exportPdf, async () => {
      await waitFor('the second renderer to take exports', async () => (takenBeforeStop = await handled(second.url, 'render.file.v1')) >= 2, 30_000);
      await stopReplica(second.pid);
      await sleep(1_000);
    });

    expect(takenBeforeStop).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});
