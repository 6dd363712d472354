import { FairScheduler, QueueFullError } from './fair-scheduler';

const never = new AbortController().signal;

describe('FairScheduler', () => {
  it('runs at most `concurrency` jobs and serves waiting tenants in turn', async () => {
    const scheduler = new FairScheduler(1, 10);
    const order: string[] = [];
    let release!: () => void;
    const first = scheduler.run('a', never, () => new Promise<void>((resolve) => (release = resolve)));
    const jobs = ['a1', 'a2', 'a3', 'b1', 'c1', 'b2'].map((name) => scheduler.run(name[0], never, async () => void order.push(name)));
    await new Promise(setImmediate);
    expect({ active: scheduler.active, queuedJobs: scheduler.queuedJobs }).toEqual({ active: 1, queuedJobs: 6 });
    release();
    await Promise.all([first, ...jobs]);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect({ active: scheduler.active, queuedJobs: scheduler.queuedJobs }).toEqual({ active: 0, queuedJobs: 0 });
  });

  it('refuses past the queue limit and drops a waiting job whose signal aborts', async () => {
    const scheduler = new FairScheduler(1, 1);
    let release!: () => void;
    const running = scheduler.run('a', never, () => new Promise<void>((resolve) => (release = resolve)));
    const abort = new AbortController();
    const waiting = scheduler.run('a', abort.signal, async () => 'ran');
    await expect(scheduler.run('b', never, async () => 'ran')).rejects.toBeInstanceOf(QueueFullError);
    abort.abort(new Error('deadline'));
    await expect(waiting).rejects.toThrow('deadline');
    expect(scheduler.queuedJobs).toBe(0);
    const later = scheduler.run('b', never, async () => 'ran');
    await new Promise(setImmediate);
    release();
    await running;
    await expect(later).resolves.toBe('ran');
  });
});
