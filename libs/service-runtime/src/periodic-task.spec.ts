import { PeriodicTask } from './periodic-task';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('PeriodicTask', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('runs at once, then every interval, and no more after stop', async () => {
    let runs = 0;
    const task = new PeriodicTask('count', 1_000, async () => void runs++, { error: jest.fn() });
    task.start();
    await tick();
    expect(runs).toBe(1);
    for (let n = 0; n < 3; n++) {
      jest.advanceTimersByTime(1_000);
      await tick();
    }
    expect(runs).toBe(4);
    await task.stop();
    jest.advanceTimersByTime(5_000);
    await tick();
    expect(runs).toBe(4);
  });

  it('never runs twice at once: a tick during a slow run joins it', async () => {
    let release!: () => void;
    let started = 0;
    const task = new PeriodicTask('slow', 1_000, () => {
      started++;
      return new Promise<void>((resolve) => (release = resolve));
    }, { error: jest.fn() });
    task.start();
    jest.advanceTimersByTime(5_000);
    await tick();
    expect(started).toBe(1);
    release();
    await tick();
    jest.advanceTimersByTime(1_000);
    await tick();
    expect(started).toBe(2);
    release();
    await task.stop();
  });

  it('logs a failed run and tries again at the next tick', async () => {
    const error = jest.fn();
    let runs = 0;
    const task = new PeriodicTask('flaky', 1_000, async () => {
      if (++runs === 1) throw new Error('redis is down');
    }, { error });
    task.start();
    await tick();
    expect(error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'redis is down' }) }, 'flaky failed');
    jest.advanceTimersByTime(1_000);
    await tick();
    expect(runs).toBe(2);
    expect(error).toHaveBeenCalledTimes(1);
    await task.stop();
  });
});
