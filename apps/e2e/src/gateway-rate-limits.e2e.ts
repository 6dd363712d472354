// @lane alone: adds a second gateway; sends a limit's worth of requests inside one window, which work beside it would stretch past the window.
import Redis from 'ioredis';
import { SlidingWindowLimiter } from '@embed/rate-limit';
import { call, newProject } from './support/api';
import { serviceSpecOf, sleep, stackEnv, startService, stopReplica, testPorts, waitFor } from './support/stack';

/** Sends `count` requests, `concurrency` at a time, spread over the given gateways; returns the statuses. */
async function burst(count: number, send: (i: number) => Promise<{ status: number }>, concurrency = 16): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, (_, i) => send(start + i));
    statuses.push(...(await Promise.all(batch)).map((answer) => answer.status));
  }
  return statuses;
}

// Each limit is counted before the body is validated, so invalid bodies (400) count too.
const LIMITS: [string, string, string, number][] = [
  ['createToken', 'POST', '/embed/v1/tokens', 600],
  ['listDesigns', 'GET', '/embed/v1/users/u1/designs?limit=0', 600],
  ['getDesign', 'GET', '/embed/v1/users/u1/designs/not-a-design-id', 600],
  ['createDesign', 'POST', '/embed/v1/users/u1/designs', 600],
  ['exportDesign', 'POST', '/embed/v1/designs/01J00000000000000000000000/export', 120],
  ['renderDesign', 'POST', '/embed/v1/render', 120],
  ['importDesign', 'POST', '/embed/v1/imports', 120],
];

/** The window the test stack's gateway counts in: the minute, shrunk by its TEST_TIME_SCALE (docs/configuration.md). */
const windowSeconds = () => Math.max(1, Math.round(60 * Number(serviceSpecOf('gateway').env['TEST_TIME_SCALE'] ?? 1)));

describe('rate limits', () => {
  it.each(LIMITS)('%s: %s %s allows exactly its %i per minute per key, then 429 with an honest Retry-After', async (operation, method, path, limit) => {
    const { testKey, liveKey } = newProject();
    const statuses = await burst(limit, () => call(method, path, { bearer: testKey, body: {} }));
    expect(statuses.filter((status) => status === 429)).toHaveLength(0);

    const over = await call(method, path, { bearer: testKey, body: {} });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'rate_limited', requestId: expect.any(String) });
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowSeconds()).toBe(true);
    expect(over.headers.get('ratelimit-policy')).toBe(`"${operation}";q=${limit};w=${windowSeconds()}`);
    expect(over.headers.get('ratelimit')).toBe(`"${operation}";r=0;t=${retryAfter}`);

    // Another key of the same project has its own count.
    expect((await call(method, path, { bearer: liveKey, body: {} })).status).not.toBe(429);
  });

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
