import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { Logger } from '@nestjs/common';
import { CutShortError, DeadlinePool, type DeadlinePoolOptions, NotStartedError, OutOfMemoryError, RanTooLongError } from './deadline-pool';
import { QueueFullError } from './fair-scheduler';
import type { BusyJob } from './testing/busy.worker';
import { bundledWorker } from './testing/bundled-worker';

// Real worker threads on a busy two-core machine: starting one can take a second.
jest.setTimeout(60_000);

const filename = bundledWorker(path.join(__dirname, 'testing/busy.worker.ts'));
const pools: DeadlinePool<BusyJob, number>[] = [];
const pool = (options: Partial<Omit<DeadlinePoolOptions, 'filename'>> = {}) => {
  const made = new DeadlinePool<BusyJob, number>({ filename, threads: 1, limitMs: 1_000, memoryMb: 64, queue: { total: 100 }, ...options });
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

/** One tenant's turn, with no deadline: the pool's limit alone. */
const A = { tenant: 'a' };

beforeAll(() => Logger.overrideLogger(false));
afterAll(() => Promise.all(pools.map((made) => made.close())));

describe('DeadlinePool', () => {
  it('says when its workers have loaded, and runs a job on a worker thread, not on the caller’s', async () => {
    const workers = pool({ threads: 2 });
    await expect(workers.loaded).resolves.toBeUndefined();
    const ran = await workers.run({}, A);
    expect(ran).not.toBe(threadId);
    expect(ran).toBeGreaterThan(0);
  });

  it('stops a job past its limit, replaces its worker, and runs the next job on the spare at once', async () => {
    const workers = pool({ limitMs: 300 });
    await workers.loaded;
    // One thread for jobs and one spare, kept warm.
    const before = workers.threadIds;
    expect(before).toHaveLength(2);
    const stopped = await timed(workers.run({ busyMs: 60_000 }, A));
    expect(stopped.error).toBeInstanceOf(RanTooLongError);
    expect((stopped.error as RanTooLongError).limitMs).toBe(300);
    expect(stopped.ms).toBeGreaterThanOrEqual(300);
    expect(stopped.ms).toBeLessThan(5_000);
    const next = await timed(workers.run({}, A));
    expect(before).toContain(next.value);
    expect(next.ms).toBeLessThan(1_000);
    expect(workers.threadIds).toHaveLength(2);
    expect(workers.threadIds.filter((id) => !before.includes(id))).toHaveLength(1);
  });

  it('counts a job’s time from its start, not from when it was queued', async () => {
    const workers = pool({ limitMs: 1_500 });
    await workers.run({}, A);
    // One job at a time: the second waits about a second for the first's turn to end, then
    // runs its own second (on the spare worker or the same one), past 1.5 s from its call.
    const [, second] = await Promise.all([workers.run({ busyMs: 1_000 }, A), timed(workers.run({ busyMs: 1_000 }, A))]);
    expect(second.error).toBeUndefined();
    expect(second.value).toBeGreaterThan(0);
    expect(second.ms).toBeGreaterThan(1_500);
  });

  it('gives a job no more than what is left of its deadline, and says that the deadline stopped it, not the limit', async () => {
    const workers = pool({ limitMs: 30_000 });
    await workers.run({}, A);
    const stopped = await timed(workers.run({ busyMs: 60_000 }, { tenant: 'a', deadline: Date.now() + 1_000 }));
    expect(stopped.error).toBeInstanceOf(CutShortError);
    expect((stopped.error as CutShortError).ranMs).toBeLessThanOrEqual(1_000);
    expect(stopped.ms).toBeLessThan(5_000);
  });

  it('takes a job that is still waiting for a worker at its deadline out of the queue, unrun', async () => {
    const workers = pool({ limitMs: 10_000 });
    await workers.run({}, A);
    const busy = workers.run({ busyMs: 1_500 }, A);
    const waiting = await timed(workers.run({ fail: 'it ran' }, { tenant: 'a', deadline: Date.now() + 200 }));
    expect(waiting.error).toBeInstanceOf(NotStartedError);
    expect(waiting.ms).toBeLessThan(1_500);
    await expect(busy).resolves.toBeGreaterThan(0);
  });

  it('stops a job that needs more memory than a worker has, and goes on with a new worker', async () => {
    const workers = pool({ memoryMb: 32, limitMs: 30_000 });
    await workers.loaded;
    const before = workers.threadIds;
    await expect(workers.run({ exhaustMemory: true }, A)).rejects.toEqual(new OutOfMemoryError(32));
    await expect(workers.run({}, A)).resolves.toBeGreaterThan(0);
    expect(workers.threadIds).toHaveLength(2);
    expect(workers.threadIds.filter((id) => !before.includes(id))).toHaveLength(1);
  });

  it('hands on the error a job throws, and replaces its worker, whose state may be broken', async () => {
    const workers = pool({ threads: 2 });
    await workers.loaded;
    const before = workers.threadIds;
    await expect(workers.run({ fail: 'no layout' }, A)).rejects.toThrow(new Error('no layout'));
    // The other jobs go on, side by side, and the failed worker has been replaced.
    const ran = await Promise.all([workers.run({ busyMs: 300 }, A), workers.run({ busyMs: 300 }, A)]);
    expect(new Set(ran).size).toBe(2);
    expect(workers.threadIds).toHaveLength(3);
    expect(workers.threadIds.filter((id) => !before.includes(id))).toHaveLength(1);
  });

  it('runs jobs side by side on its threads', async () => {
    const workers = pool({ threads: 2 });
    await workers.loaded;
    const ran = await Promise.all([workers.run({ busyMs: 300 }, A), workers.run({ busyMs: 300 }, A)]);
    expect(new Set(ran).size).toBe(2);
  });

  it('takes waiting jobs from each tenant in turn: a stream of jobs that each run to the limit holds another tenant’s job back by one', async () => {
    const workers = pool({ limitMs: 300 });
    await workers.run({}, A);
    const ended: string[] = [];
    const ending = (name: string, job: Promise<number>) => job.then(() => ended.push(name), () => ended.push(name));
    // a's stream: five jobs that are each stopped at 300 ms, on the one worker; then b's quick job.
    const stream = Array.from({ length: 5 }, (_, n) => ending(`a${n + 1}`, workers.run({ busyMs: 60_000 }, A)));
    const other = timed(ending('b', workers.run({}, { tenant: 'b' })));
    await Promise.all([...stream, other]);
    // First come, first served, b would end last, after five stopped jobs.
    expect(ended.slice(0, 2)).toEqual(['a1', 'b']);
  });

  it('refuses a tenant’s job past its bound of waiting jobs, and still queues another tenant’s', async () => {
    const workers = pool({ limitMs: 10_000, queue: { total: 10, perTenant: 1 } });
    await workers.run({}, A);
    const busy = workers.run({ busyMs: 500 }, A);
    const waiting = workers.run({}, A);
    await expect(workers.run({}, A)).rejects.toEqual(new QueueFullError(1, true));
    await expect(Promise.all([busy, waiting, workers.run({}, { tenant: 'b' })])).resolves.toHaveLength(3);
  });
});
