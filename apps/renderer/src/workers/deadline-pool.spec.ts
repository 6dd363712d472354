import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { Logger } from '@nestjs/common';
import { DeadlinePool, NotStartedError, OutOfMemoryError, RanTooLongError } from './deadline-pool';
import type { BusyJob } from './testing/busy.worker';
import { bundledWorker } from './testing/bundled-worker';

// Real worker threads on a busy two-core machine: starting one can take a second.
jest.setTimeout(60_000);

const filename = bundledWorker(path.join(__dirname, 'testing/busy.worker.ts'));
const pools: DeadlinePool<BusyJob, number>[] = [];
const pool = (options: { threads?: number; limitMs?: number; memoryMb?: number } = {}) => {
  const made = new DeadlinePool<BusyJob, number>({ filename, threads: 1, limitMs: 1_000, memoryMb: 64, ...options });
  pools.push(made);
  return made;
};
/** How a call ended (its value or its error) and how long it took. */
const timed = async <T>(work: Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> => {
  const started = Date.now();
  const outcome = await work.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return { ...outcome, ms: Date.now() - started };
};

beforeAll(() => Logger.overrideLogger(false));
afterAll(() => Promise.all(pools.map((made) => made.close())));

describe('DeadlinePool', () => {
  it('says when its workers have loaded, and runs a job on a worker thread, not on the caller’s', async () => {
    const workers = pool({ threads: 2 });
    await expect(workers.loaded).resolves.toBeUndefined();
    const ran = await workers.run({});
    expect(ran).not.toBe(threadId);
    expect(ran).toBeGreaterThan(0);
  });

  it('stops a job past its limit, replaces its worker, and runs the next job on the new one', async () => {
    const workers = pool({ limitMs: 300 });
    const before = await workers.run({});
    const stopped = await timed(workers.run({ busyMs: 60_000 }));
    expect(stopped.error).toBeInstanceOf(RanTooLongError);
    expect((stopped.error as RanTooLongError).limitMs).toBe(300);
    expect(stopped.ms).toBeGreaterThanOrEqual(300);
    expect(stopped.ms).toBeLessThan(5_000);
    const after = await workers.run({});
    expect(after).not.toBe(before);
    expect(workers.threadIds).toEqual([after]);
  });

  it('counts a job’s time from its start, not from when it was queued', async () => {
    const workers = pool({ limitMs: 1_500 });
    await workers.run({});
    // One worker: the second job waits about a second for the first, then runs its own second.
    const [first, second] = await Promise.all([workers.run({ busyMs: 1_000 }), timed(workers.run({ busyMs: 1_000 }))]);
    expect(second.value).toBe(first);
    expect(second.ms).toBeGreaterThan(1_500);
  });

  it('gives a job no more than what is left of its deadline', async () => {
    const workers = pool({ limitMs: 30_000 });
    await workers.run({});
    const stopped = await timed(workers.run({ busyMs: 60_000 }, Date.now() + 400));
    expect(stopped.error).toBeInstanceOf(RanTooLongError);
    expect((stopped.error as RanTooLongError).limitMs).toBeLessThanOrEqual(400);
    expect(stopped.ms).toBeLessThan(5_000);
  });

  it('takes a job that is still waiting for a worker at its deadline out of the queue, unrun', async () => {
    const workers = pool({ limitMs: 10_000 });
    await workers.run({});
    const busy = workers.run({ busyMs: 1_500 });
    const waiting = await timed(workers.run({ fail: 'it ran' }, Date.now() + 200));
    expect(waiting.error).toBeInstanceOf(NotStartedError);
    expect(waiting.ms).toBeLessThan(1_500);
    await expect(busy).resolves.toBeGreaterThan(0);
  });

  it('stops a job that needs more memory than a worker has, and goes on with a new worker', async () => {
    const workers = pool({ memoryMb: 32, limitMs: 30_000 });
    const before = await workers.run({});
    await expect(workers.run({ exhaustMemory: true })).rejects.toEqual(new OutOfMemoryError(32));
    const after = await workers.run({});
    expect(after).not.toBe(before);
  });

  it('hands on the error a job throws, and replaces its worker, whose state may be broken', async () => {
    const workers = pool({ threads: 2 });
    await Promise.all([workers.run({}), workers.run({})]);
    const before = workers.threadIds;
    await expect(workers.run({ fail: 'no layout' })).rejects.toThrow(new Error('no layout'));
    // The other jobs go on, on the worker left and on the new one.
    const ran = await Promise.all([workers.run({ busyMs: 300 }), workers.run({ busyMs: 300 })]);
    expect(new Set(ran).size).toBe(2);
    expect(ran.filter((id) => !before.includes(id))).toHaveLength(1);
  });

  it('runs jobs side by side on its threads', async () => {
    const workers = pool({ threads: 2 });
    await Promise.all([workers.run({}), workers.run({})]);
    const ran = await Promise.all([workers.run({ busyMs: 300 }), workers.run({ busyMs: 300 })]);
    expect(new Set(ran).size).toBe(2);
  });
});
