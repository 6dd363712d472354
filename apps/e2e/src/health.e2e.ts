// @lane serial: kills and restarts each service.
import { BACKEND_SERVICES } from '@embed/contracts';
import { call } from './support/api';
import { killService, startService, waitFor, waitUntilReady } from './support/stack';

describe('health', () => {
  it('answers liveness at /healthz', async () => {
    const answer = await call('GET', '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
  });

  it('is ready when PostgreSQL, Redis, NATS and every service answer', async () => {
    const { status, body } = await call('GET', '/readyz');
    expect(status).toBe(200);
    expect(body.status).toBe('ready');
    for (const name of ['postgres', 'redis', 'nats', ...BACKEND_SERVICES]) expect(body.checks[name]).toBe('up');
  });

  it.each(BACKEND_SERVICES)('answers 503 naming %s within two seconds of its death, and recovers when it is back', async (service) => {
    await killService(service);
    const killedAt = Date.now();
    try {
      const body = await waitFor(`/readyz to name ${service}`, async () => {
        const { status, body: json } = await call('GET', '/readyz');
        return status === 503 && json.error.includes(service) ? json : false;
      });
      expect(Date.now() - killedAt).toBeLessThan(2_000);
      expect(body.code).toBe('service_unavailable');
      expect(body.checks[service]).not.toBe('up');
      expect(Object.entries(body.checks).filter(([, state]) => state !== 'up').map(([name]) => name)).toEqual([service]);
    } finally {
      // Back whatever was seen: the files after this one need the whole stack.
      startService(service);
      await waitUntilReady([service]);
    }
  });
});
