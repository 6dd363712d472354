import { call, exampleDesign, newProject } from './support/api';
import { metricAt } from './support/metrics';
import { opsUrl, sleep, startService, stopReplica, waitFor } from './support/stack';

/** Renders a renderer replica has handled, whatever their outcome (each outcome is a series of its own). */
const rendersHandled = (opsBase: string) => metricAt(opsBase, 'embed_nats_message_duration_seconds_count', { subject: 'render.design.v1' });

describe('scale-out', () => {
  it('shares renders between two renderer replicas and answers every accepted request while one of them stops', async () => {
    // One project per worker: each key stays well under its 120 renders a minute.
    const keys = Array.from({ length: 4 }, () => newProject('email').testKey);
    const doc = exampleDesign('email');
    const render = (key: string) => call('POST', '/embed/v1/render', { bearer: key, body: { doc, merge: { contact: { first_name: 'Ada' } } } });
    const secondOps = 3_900 + (process.pid % 90);
    const second = startService('renderer', { replica: true, env: { OPS_PORT: String(secondOps) } });
    const secondUrl = `http://127.0.0.1:${secondOps}`;
    await waitFor('the second renderer', async () => (await fetch(`${secondUrl}/readyz`).catch(() => null))?.status === 200);

    const first = await rendersHandled(opsUrl('renderer'));
    const statuses: number[] = [];
    let running = true;
    const load = Promise.all(
      keys.map(async (key) => {
        while (running) {
          // A refused connection counts as an answer lost (0), not as a crash of the test run.
          statuses.push(await render(key).then(({ status }) => status, () => 0));
          await sleep(40);
        }
      }),
    );
    await sleep(1_500);
    const beforeStop = await rendersHandled(secondUrl);
    await stopReplica(second);
    await sleep(1_000);
    running = false;
    await load;

    expect(beforeStop).toBeGreaterThan(0);
    expect(await rendersHandled(opsUrl('renderer'))).toBeGreaterThan(first);
    expect(statuses.length).toBeGreaterThan(10);
    // Accepted while a replica drained: every one answered, by either replica (or 503, never dropped).
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(statuses.length * 0.9);
  });
});
