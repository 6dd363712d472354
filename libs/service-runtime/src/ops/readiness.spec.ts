import { runReadinessChecks } from './readiness';

describe('runReadinessChecks', () => {
  it('names each dependency up or down, with why, and is ready only when all are up', async () => {
    const report = await runReadinessChecks({
      nats: async () => undefined,
      store: async () => {
        throw new Error('the store could not be reached: connect ECONNREFUSED');
      },
    });
    expect(report).toEqual({ ready: false, checks: { nats: 'up', store: 'the store could not be reached: connect ECONNREFUSED' }, down: ['store'] });
    expect(await runReadinessChecks({ nats: async () => undefined })).toEqual({ ready: true, checks: { nats: 'up' }, down: [] });
  });

  it('takes a check that does not answer in time for down, and aborts its signal', async () => {
    let aborted = false;
    const hanging = (signal: AbortSignal) =>
      new Promise(() => {
        signal.addEventListener('abort', () => (aborted = true));
      });
    const report = await runReadinessChecks({ store: hanging }, 50);
    expect(report.checks).toEqual({ store: 'no answer within 50 ms' });
    expect(aborted).toBe(true);
  });

  it('takes a check that throws at once for down, not for a crash', async () => {
    const report = await runReadinessChecks({
      nats: () => {
        throw new Error('not connected');
      },
    });
    expect(report.checks).toEqual({ nats: 'not connected' });
  });
});
