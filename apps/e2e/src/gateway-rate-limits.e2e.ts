// @lane alone: sends a limit's worth of requests inside one window, which work beside it would stretch past the window.
import { call, newProject } from './support/api';
import { burst } from './support/burst';
import { serviceSpecOf } from './support/stack';

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
});
