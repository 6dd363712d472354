import { EndpointStats } from './endpoint-stats';

describe('endpoint stats of a soak', () => {
  it('counts answers per endpoint with their percentiles, 429s apart from errors', () => {
    const stats = new EndpointStats();
    for (let ms = 1; ms <= 100; ms++) stats.record('GET /a', ms, 200);
    stats.record('GET /a', 5, 429);
    stats.record('POST /b', 7, 503, 'the PDF was not made before the deadline');
    stats.record('POST /b', 9, 0, 'fetch failed');
    expect(stats.figures()).toEqual([
      { endpoint: 'GET /a', count: 101, p50: 50, p99: 99, p50FirstHalf: 25, p50SecondHalf: 75, errors: 0, limited: 1 },
      { endpoint: 'POST /b', count: 2, p50: 7, p99: 9, p50FirstHalf: 7, p50SecondHalf: 9, errors: 2, limited: 0 },
    ]);
  });

  it('keeps the first answer of each kind of error, to say what went wrong', () => {
    const stats = new EndpointStats();
    stats.record('POST /b', 7, 503, 'first');
    stats.record('POST /b', 7, 503, 'second');
    stats.record('POST /b', 7, 0, 'no answer');
    expect(Object.fromEntries(stats.firstErrors)).toEqual({ 'POST /b 503': 'first', 'POST /b no answer': 'no answer' });
  });
});
