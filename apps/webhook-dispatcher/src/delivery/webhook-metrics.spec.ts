import { attemptResult } from './webhook-metrics';

describe('attemptResult', () => {
  it("labels an answer by its status class, whatever the status", () => {
    expect(attemptResult({ statusCode: 204, failure: null })).toBe('2xx');
    expect(attemptResult({ statusCode: 302, failure: null })).toBe('3xx');
    expect(attemptResult({ statusCode: 410, failure: null })).toBe('4xx');
    expect(attemptResult({ statusCode: 503, failure: null })).toBe('5xx');
  });

  it('labels an attempt with no answer by why none came', () => {
    for (const failure of ['blocked', 'timeout', 'refused', 'network'] as const) expect(attemptResult({ statusCode: null, failure })).toBe(failure);
  });
});
