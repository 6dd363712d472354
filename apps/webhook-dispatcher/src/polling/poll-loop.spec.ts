import { stat } from 'node:fs';
import { PollLoop } from './poll-loop';

// Fake timers: the loop's timing is asserted in its own clock, so a busy machine cannot fail these tests.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A task that takes `ms` of the fake clock. */
const taking = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PollLoop', () => {
  it('starts a run that is due now in the same turn of the event loop, before any timer', async () => {
    jest.useRealTimers();
    // From an I/O callback, Node runs immediates before the next timers, however long the
    // turn took: outside one, a loaded machine lets a 1 ms timer come due first either way.
    await new Promise((resolve) => stat(__filename, resolve));
    const order: string[] = [];
    const timer = new Promise((resolve) => setTimeout(() => resolve(order.push('timer')), 1));
    const loop = new PollLoop(async () => (order.push('run'), false), 10_000, () => undefined);
    loop.start();
    await timer;
    await loop.stop();
    expect(order).toEqual(['run', 'timer']);
  });

  it('runs again at once while the task reports more work, then waits idle', async () => {
    let runs = 0;
    const loop = new PollLoop(async () => ++runs < 3, 10_000, () => undefined);
    loop.start();
    await jest.advanceTimersByTimeAsync(10);
    expect(runs).toBe(3);
    await jest.advanceTimersByTimeAsync(9_000);
    expect(runs).toBe(3);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(4);
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
        await taking(20);
        active--;
        return false;
      },
      10_000,
      () => undefined,
    );
    loop.start();
    await jest.advanceTimersByTimeAsync(5);
    loop.wake();
    loop.wake();
    await jest.advanceTimersByTimeAsync(100);
    expect({ runs, maxActive }).toEqual({ runs: 2, maxActive: 1 });
    await loop.stop();
  });

  it('reports a failed run and tries again after the idle time', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const loop = new PollLoop(
      async () => {
        if (++runs === 1) throw new Error('database down');
        return false;
      },
      100,
      (error) => errors.push(error),
    );
    loop.start();
    await jest.advanceTimersByTimeAsync(90);
    const runsBeforeIdle = runs;
    await jest.advanceTimersByTimeAsync(20);
    await loop.stop();
    expect({ runsBeforeIdle, runs, errors: errors.length }).toEqual({ runsBeforeIdle: 1, runs: 2, errors: 1 });
  });

  it('stops after the run in progress', async () => {
    let runs = 0;
    const loop = new PollLoop(async () => (await taking(10), ++runs > 0), 0, () => undefined);
    loop.start();
    await jest.advanceTimersByTimeAsync(5);
    const stopped = loop.stop();
    await jest.advanceTimersByTimeAsync(10);
    await stopped;
    const after = runs;
    await jest.advanceTimersByTimeAsync(100);
    expect({ after, runs }).toEqual({ after: 1, runs: 1 });
  });
});
