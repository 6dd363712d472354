import { startWithin, StartTimeoutError } from './deadlines';

describe('startWithin', () => {
  it('gives up a start that never settles once its time is up, and tells it to stop what it started', async () => {
    let stop: AbortSignal | undefined;
    const started = startWithin((signal) => {
      stop = signal;
      return new Promise<never>(() => undefined);
    }, 50);
    await expect(started).rejects.toThrow(new StartTimeoutError(50));
    expect(stop?.aborted).toBe(true);
  });

  it('gives what started in time, and never tells it to stop later', async () => {
    let stop: AbortSignal | undefined;
    const started = await startWithin(async (signal) => {
      stop = signal;
      return 'browser';
    }, 50);
    expect(started).toBe('browser');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stop?.aborted).toBe(false);
  });
});
