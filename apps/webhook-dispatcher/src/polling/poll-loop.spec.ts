import { PollLoop } from './poll-loop';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PollLoop', () => {
  it('runs again at once while the task reports more work, then waits idle', async () => {
    let runs = 0;
    const loop = new PollLoop(async () => ++runs < 3, 10_000, () => undefined);
    loop.start();
    await sleep(30);
    expect(runs).toBe(3);
    await loop.stop();
  });

  it('turns wakes during a run into one more run, and never runs twice at once', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const loop = new PollLoop(
      async () => {
        runs++;
        maxActive = Math.max(maxActive, ++active);
        await sleep(20);
        active--;
        return false;
      },
      10_000,
      () => undefined,
    );
    loop.start();
    await sleep(5);
    loop.wake();
    loop.wake();
    await sleep(60);
    expect({ runs, maxActive }).toEqual({ runs: 2, maxActive: 1 });
    await loop.stop();
  });

  it('reports a failed run and tries again after the idle time', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const loop = new PollLoop(
      async () => {
        if (++runs === 1) throw new Error('redis down');
        return false;
      },
      100,
      (error) => errors.push(error),
    );
    loop.start();
    await sleep(50);
    const runsBeforeIdle = runs;
    await sleep(100);
    await loop.stop();
    expect({ runsBeforeIdle, runs, errors: errors.length }).toEqual({ runsBeforeIdle: 1, runs: 2, errors: 1 });
  });

  it('stops after the run in progress', async () => {
    let runs = 0;
    const loop = new PollLoop(async () => (await sleep(10), ++runs > 0), 0, () => undefined);
    loop.start();
    await sleep(5);
    await loop.stop();
    const after = runs;
    await sleep(30);
    expect(runs).toBe(after);
  });
});
