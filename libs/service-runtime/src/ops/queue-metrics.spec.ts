import { createServer } from 'node:net';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { metricsRegistry } from './metrics';
import { attemptSeconds, failureOutcome, instrumentQueue } from './queue-metrics';
import { SCRAPE_COUNT_TIMEOUT_MS } from './scrape-count';

/** A loopback port with nothing listening: a Redis that is down. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('job outcomes', () => {
  it('tells an attempt that will be retried (job not finished) from the last one', () => {
    expect(failureOutcome({ finishedOn: undefined })).toBe('retried');
    expect(failureOutcome({ finishedOn: 1_700_000_000_000 })).toBe('failed');
    expect(failureOutcome(undefined)).toBe('failed');
  });

  it("times an attempt from its start to its end, or to now while it has none", () => {
    expect(attemptSeconds({ processedOn: 1_000, finishedOn: 3_500 }, 9_000)).toBe(2.5);
    expect(attemptSeconds({ processedOn: 1_000, finishedOn: undefined }, 1_250)).toBe(0.25);
    expect(attemptSeconds({ processedOn: undefined, finishedOn: undefined }, 1_250)).toBeUndefined();
  });
});

describe('queue depth while Redis is down', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis({ host: '127.0.0.1', port: await closedPort(), maxRetriesPerRequest: null, retryStrategy: () => 50 });
    redis.on('error', () => undefined);
    instrumentQueue(new Queue('down', { connection: redis }));
  });
  afterAll(() => redis.disconnect());

  it('answers /metrics within the timeout, without that queue and with everything else', async () => {
    for (let scrape = 0; scrape < 2; scrape++) {
      const started = Date.now();
      const text = await metricsRegistry.metrics();
      // A Redis that is down never answers (maxRetriesPerRequest: null): without the timeout the
      // scrape would wait forever. The margin is for a loaded machine (1,507 ms was seen with +500).
      expect(Date.now() - started).toBeLessThan(SCRAPE_COUNT_TIMEOUT_MS * 3);
      expect(text).toContain('# TYPE embed_queue_depth gauge');
      expect(text).not.toContain('queue="down"');
      expect(text).toContain('process_cpu_user_seconds_total');
    }
  }, 15_000);
});
