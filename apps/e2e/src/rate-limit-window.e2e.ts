// @lane serial: adds a gateway replica and waits out a rate-limit window (30 s on the test stack); the window's counting
// itself is timed in Redis at a window of seconds, where load only spreads requests out (every bound holds the more so).
import Redis from 'ioredis';
import { SlidingWindowLimiter } from '@embed/rate-limit';
import { call, newProject } from './support/api';
import { burst } from './support/burst';
import { sleep, stackEnv, startService, stopReplica, testPorts, waitFor } from './support/stack';

describe('rate limits across gateways', () => {
  it('holds across two gateway processes, and waiting Retry-After seconds works', async () => {
    const secondPort = testPorts.http + 50;
    const second = startService('gateway', { replica: true, env: { HTTP_PORT: String(secondPort) } });
    try {
      const secondBase = `http://127.0.0.1:${secondPort}`;
      await waitFor('the second gateway', async () => (await fetch(`${secondBase}/healthz`).catch(() => null))?.status === 200);
      const { testKey } = newProject();
      const statuses = await burst(130, (i) => call('POST', '/embed/v1/render', { bearer: testKey, body: {}, base: i % 2 ? secondBase : undefined }));
      expect(statuses.filter((status) => status === 400)).toHaveLength(120);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);

      const refused = await call('POST', '/embed/v1/render', { bearer: testKey, body: {}, base: secondBase });
      const retryAfter = Number(refused.headers.get('retry-after'));
      await sleep(retryAfter * 1000);
      expect((await call('POST', '/embed/v1/render', { bearer: testKey, body: {} })).status).toBe(400);
    } finally {
      await stopReplica(second);
    }
  }, 120_000);
});

// The gateway's counting, on the stack's Redis, with a window of seconds instead of a
// minute so that requests can be sent across several windows' worth of time.
describe('the sliding window in Redis', () => {
  const LIMIT = 5;
  const WINDOW_MS = 2_000;
  let connections: Redis[];
  let limiters: SlidingWindowLimiter[];
  beforeAll(() => {
    connections = [new Redis(stackEnv().REDIS_URL), new Redis(stackEnv().REDIS_URL)];
    limiters = connections.map((redis) => new SlidingWindowLimiter(redis, 'e2e-window'));
  });
  afterAll(() => Promise.all(connections.map((redis) => redis.quit())));

  it('never allows more than the limit in any window-long span, around what a fixed window\'s boundary would be', async () => {
    const key = `boundary-${Date.now()}`;
    /** When each allowed request was sent and answered: Redis decided in between. */
    const allowed: { sent: number; answered: number }[] = [];
    let refused = 0;
    const take = async (i: number) => {
      const sent = performance.now();
      const decision = await limiters[i % 2].take(key, LIMIT, WINDOW_MS);
      if (decision.allowed) allowed.push({ sent, answered: performance.now() });
      else refused++;
    };
    // One request opens what a fixed window would count from; the rest of the limit is
    // spent just before that window would end, then requests keep coming past it.
    await take(0);
    await sleep(WINDOW_MS - 300);
    const until = performance.now() + 2.5 * WINDOW_MS;
    for (let i = 1; performance.now() < until; i += 4) await Promise.all([take(i), take(i + 1), take(i + 2), take(i + 3)]);

    allowed.sort((a, b) => a.sent - b.sent);
    expect(refused).toBeGreaterThan(0);
    expect(allowed.length).toBeGreaterThan(2 * LIMIT);
    // The (i + LIMIT)th allowed request was answered at least a window after the ith was
    // sent, less the 1 ms of the script's clock, which counts in whole milliseconds.
    const gaps = allowed.slice(LIMIT).map((later, i) => later.answered - allowed[i].sent);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(WINDOW_MS - 1);
  });

  it('says how long to wait, and a request after that wait is allowed however many were refused meanwhile', async () => {
    const key = `wait-${Date.now()}`;
    for (let i = 0; i < LIMIT; i++) expect(await limiters[i % 2].take(key, LIMIT, WINDOW_MS)).toMatchObject({ allowed: true, limit: LIMIT, remaining: LIMIT - 1 - i });
    // Refused requests keep coming until the oldest allowed one is about to leave the window:
    // were they counted, the window would be full of them then.
    let decision = await limiters[0].take(key, LIMIT, WINDOW_MS);
    expect(decision).toMatchObject({ allowed: false, limit: LIMIT, remaining: 0 });
    for (let i = 1; !decision.allowed && decision.waitMs > 100; i++) {
      expect(decision.waitMs).toBeLessThanOrEqual(WINDOW_MS);
      decision = await limiters[i % 2].take(key, LIMIT, WINDOW_MS);
    }
    if (!decision.allowed) {
      await sleep(decision.waitMs + 5);
      decision = await limiters[0].take(key, LIMIT, WINDOW_MS);
    }
    expect(decision.allowed).toBe(true);
  });
});
