import { FairScheduler, QueueFullError } from './fair-scheduler';

const never = new AbortController().signal;

describe('FairScheduler', () => {
  it('runs at most `concurrency` jobs and serves waiting tenants in turn, the one served longest ago first', async () => {
    const scheduler = new FairScheduler(1, { total: 10 });
    const order: string[] = [];
    let release!: () => void;
    const first = scheduler.run('a', never, () => new Promise<void>((resolve) => (release = resolve)));
    const jobs = ['a1', 'a2', 'a3', 'b1', 'c1', 'b2'].map((name) => scheduler.run(name[0], never, async () => void order.push(name)));
    await new Promise(setImmediate);
    expect({ active: scheduler.active, queuedJobs: scheduler.queuedJobs }).toEqual({ active: 1, queuedJobs: 6 });
    release();
    await Promise.all([first, ...jobs]);
    // a had the slot when the others came: b and c go first.
    expect(order).toEqual(['b1', 'c1', 'a1', 'b2', 'a2', 'a3']);
    expect({ active: scheduler.active, queuedJobs: scheduler.queuedJobs }).toEqual({ active: 0, queuedJobs: 0 });
  });

  it('refuses past the queue limit and drops a waiting job whose signal aborts', async () => {
    const scheduler = new FairScheduler(1, { total: 1 });
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

  it('gives a freed slot to a tenant with no job running before one whose burst holds the others', async () => {
    const scheduler = new FairScheduler(2, { total: 20 });
    const order: string[] = [];
    const releases: Array<() => void> = [];
    const held = (name: string) => () => new Promise<void>((resolve) => releases.push(() => resolve(void order.push(name))));
    // a's burst: two jobs take both slots, four more wait; then b comes with one.
    const burst = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((name) => scheduler.run('a', never, held(name)));
    const other = scheduler.run('b', never, held('b1'));
    await new Promise(setImmediate);
    releases.shift()?.();
    await new Promise(setImmediate);
    // One of a's jobs ended: the free slot is b's, not a3's.
    expect(scheduler.active).toBe(2);
    while (releases.length > 0) {
      releases.shift()?.();
      await new Promise(setImmediate);
    }
    await Promise.all([...burst, other]);
    expect(order.slice(0, 3)).toEqual(['a1', 'a2', 'b1']);
  });

  it('bounds each tenant’s waiting jobs: past its bound that tenant is refused, and another still waits', async () => {
    const scheduler = new FairScheduler(1, { total: 10, perTenant: 2 });
    let release!: () => void;
    const running = scheduler.run('a', never, () => new Promise<void>((resolve) => (release = resolve)));
    const waiting = [scheduler.run('a', never, async () => 'a2'), scheduler.run('a', never, async () => 'a3')];
    const refused = scheduler.run('a', never, async () => 'a4');
    await expect(refused).rejects.toEqual(new QueueFullError(2, true));
    await expect(refused).rejects.toThrow('more than 2 jobs of this project are waiting');
    const other = scheduler.run('b', never, async () => 'b1');
    expect(scheduler.queuedJobs).toBe(3);
    release();
    await running;
    await expect(Promise.all([...waiting, other])).resolves.toEqual(['a2', 'a3', 'b1']);
  });
});
