import { MAX_ATTEMPTS, retryDelayMs } from './retry-schedule';
import { nextStep } from './next-step';

const answered = (statusCode: number | null) => ({ statusCode, error: statusCode === null ? 'connect ECONNREFUSED' : null, failure: statusCode === null ? ('refused' as const) : null, durationMs: 3 });

describe('nextStep', () => {
  it('counts any 2xx as delivered', () => {
    for (const status of [200, 202, 204, 299]) expect(nextStep(answered(status), 1, 'dlv_1', 1)).toEqual({ status: 'delivered' });
  });

  it('retries other statuses, redirects and no answer on the schedule', () => {
    for (const status of [500, 404, 302, 199, null]) {
      expect(nextStep(answered(status), 2, 'dlv_1', 1)).toEqual({ status: 'pending', retryInMs: retryDelayMs(2, 'dlv_1') });
    }
  });

  it('gives up after the last attempt', () => {
    expect(nextStep(answered(500), MAX_ATTEMPTS, 'dlv_1', 1)).toEqual({ status: 'failed' });
  });
});
