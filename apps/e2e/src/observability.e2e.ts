import { BACKEND_SERVICES } from '@embed/contracts';
import { call, exampleDesign, newProject } from './support/api';
import { baseUrl, opsUrl } from './support/stack';

async function metric(service: string, name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(`${opsUrl(service)}/metrics`)).text();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{`) && wanted.every((label) => candidate.includes(label)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe("operators' port", () => {
  it.each([...BACKEND_SERVICES, 'gateway'])('%s answers /healthz, /readyz and /metrics apart from the public API', async (service) => {
    for (const path of ['/healthz', '/readyz']) expect((await fetch(`${opsUrl(service)}${path}`)).status).toBe(200);
    const metrics = await fetch(`${opsUrl(service)}/metrics`);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await metrics.text()).toContain('process_cpu_user_seconds_total');
  });

  it('keeps metrics off the public API', async () => {
    expect((await fetch(`${baseUrl()}/metrics`)).status).toBe(404);
  });

  it('counts HTTP requests by route and status, and NATS messages by subject and outcome on both sides', async () => {
    const { testKey } = newProject('email');
    const route = { method: 'POST', route: '/embed/v1/render', status: '200' };
    const before = {
      http: await metric('gateway', 'embed_http_requests_total', route),
      handled: await metric('renderer', 'embed_nats_message_duration_seconds_count', { subject: 'render.design.v1', outcome: 'ok' }),
      asked: await metric('gateway', 'embed_nats_request_duration_seconds_count', { subject: 'render.design.v1', outcome: 'ok' }),
      refused: await metric('renderer', 'embed_nats_message_duration_seconds_count', { subject: 'render.design.v1', outcome: 'mode_unavailable' }),
    };
    expect((await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: exampleDesign('email') } })).status).toBe(200);
    expect((await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: exampleDesign('page') } })).status).toBe(409);

    expect(await metric('gateway', 'embed_http_requests_total', route)).toBe(before.http + 1);
    expect(await metric('renderer', 'embed_nats_message_duration_seconds_count', { subject: 'render.design.v1', outcome: 'ok' })).toBe(before.handled + 1);
    expect(await metric('gateway', 'embed_nats_request_duration_seconds_count', { subject: 'render.design.v1', outcome: 'ok' })).toBe(before.asked + 1);
    expect(await metric('renderer', 'embed_nats_message_duration_seconds_count', { subject: 'render.design.v1', outcome: 'mode_unavailable' })).toBe(
      before.refused + 1,
    );
  });
});
