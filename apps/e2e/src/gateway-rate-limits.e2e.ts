import { call, newProject } from './support/api';
import { isAlive, sleep, startService, testPorts, waitFor } from './support/stack';

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
  ['exportDesign', 'POST', '/embed/v1/designs/01J00000000000000000000000/export', 120],
  ['renderDesign', 'POST', '/embed/v1/render', 120],
];

describe('rate limits', () => {
  it.each(LIMITS)('%s: %s %s allows exactly its %i per minute per key, then 429 with an honest Retry-After', async (operation, method, path, limit) => {
    const { testKey, liveKey } = newProject();
    const statuses = await burst(limit, () => call(method, path, { bearer: testKey, body: {} }));
    expect(statuses.filter((status) => status === 429)).toHaveLength(0);

    const over = await call(method, path, { bearer: testKey, body: {} });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'rate_limited', requestId: expect.any(String) });
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(over.headers.get('ratelimit-policy')).toBe(`"${operation}";q=${limit};w=60`);
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
      process.kill(second, 'SIGTERM');
      await waitFor('the second gateway to stop', async () => !isAlive(second));
    }
  }, 120_000);
});
