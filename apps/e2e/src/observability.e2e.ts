// @lane alone: reads the services' metrics, which every request moves, and catches PDF jobs waiting for a browser slot, which a loaded machine spreads out until none waits.
import { BACKEND_SERVICES } from '@embed/contracts';
import { eraseUser, holdDesign, type PersonRef, waitUntilErased } from './erasure-helpers';
import { call, exampleDesign, newProject, saveDesign } from './support/api';
import { query } from './support/database';
import { metricAt, scrape, valueIn } from './support/metrics';
import { baseUrl, opsUrl, sleep, waitFor } from './support/stack';
import { useReceiverAndFastDispatcher, webhookProject } from './support/webhooks';

const metric = (service: string, name: string, labels: Record<string, string> = {}) => metricAt(opsUrl(service), name, labels);

/** Reads the metric until it reaches `value` (metrics of work done in the background move a moment after it). */
const metricReaches = (service: string, name: string, labels: Record<string, string>, value: number, timeoutMs = 20_000) =>
  waitFor(`${service}'s ${name} ${JSON.stringify(labels)} to reach ${value}`, async () => (await metric(service, name, labels)) === value, timeoutMs);

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

describe('queue metrics', () => {
  const erasures = { queue: 'erasure', outcome: 'completed' };

  it('shows an erasure in the queue while it runs, then counts and times it as completed', async () => {
    const project = newProject('email');
    const person: PersonRef = { projectId: project.projectId, environment: 'test', userId: 'metrics-ann' };
    const design = await saveDesign(project.testKey, person.userId);
    const before = {
      completed: await metric('erasure', 'embed_queue_job_attempts_total', erasures),
      timed: await metric('erasure', 'embed_queue_job_duration_seconds_count', erasures),
    };
    const release = await holdDesign(design.id);
    try {
      expect((await eraseUser(project.testKey, person.userId)).status).toBe(202);
      await metricReaches('erasure', 'embed_queue_depth', { queue: 'erasure', state: 'active' }, 1);
      expect(await metric('erasure', 'embed_queue_job_attempts_total', erasures)).toBe(before.completed);
    } finally {
      await release();
    }
    await waitUntilErased(person);
    await metricReaches('erasure', 'embed_queue_job_attempts_total', erasures, before.completed + 1);
    expect(await metric('erasure', 'embed_queue_job_duration_seconds_count', erasures)).toBe(before.timed + 1);
    await metricReaches('erasure', 'embed_queue_depth', { queue: 'erasure', state: 'active' }, 0);
  });

  it('reports every state of the erasure queue', async () => {
    const text = await scrape(opsUrl('erasure'));
    for (const state of ['waiting', 'active', 'delayed', 'failed']) expect(text).toContain(`embed_queue_depth{queue="erasure",state="${state}"}`);
  });
});

describe('webhook metrics', () => {
  const receiverOf = useReceiverAndFastDispatcher();
  const attempts = (outcome: string, result: string) => metric('webhook-dispatcher', 'embed_webhook_attempts_total', { outcome, result });

  it('counts a delivered attempt and times it', async () => {
    const before = {
      delivered: await attempts('delivered', '2xx'),
      timed: await metric('webhook-dispatcher', 'embed_webhook_attempt_duration_seconds_count', { result: '2xx' }),
    };
    await saveDesign(webhookProject(receiverOf().url('metrics-ok')).testKey, 'person-1');
    await receiverOf().waitFor('metrics-ok', 'the event', (requests) => requests.length > 0);

    await metricReaches('webhook-dispatcher', 'embed_webhook_attempts_total', { outcome: 'delivered', result: '2xx' }, before.delivered + 1);
    expect(await metric('webhook-dispatcher', 'embed_webhook_attempt_duration_seconds_count', { result: '2xx' })).toBe(before.timed + 1);
  });

  it('counts each 500 as a retry with its status class, and the eighth as given up', async () => {
    receiverOf().behave('metrics-500', { answers: ['500'] });
    const before = { retry: await attempts('retry', '5xx'), gaveUp: await attempts('gave_up', '5xx') };
    await saveDesign(webhookProject(receiverOf().url('metrics-500')).testKey, 'person-2');

    await metricReaches('webhook-dispatcher', 'embed_webhook_attempts_total', { outcome: 'gave_up', result: '5xx' }, before.gaveUp + 1, 30_000);
    expect(receiverOf().at('metrics-500')).toHaveLength(8);
    expect(await attempts('retry', '5xx')).toBe(before.retry + 7);
  });

  it('counts a backlog to a receiver that does not answer as pending, until it is delivered', async () => {
    const pending = 'embed_webhook_deliveries_pending';
    receiverOf().behave('metrics-down', { answers: ['hang'] });
    const { projectId, testKey } = webhookProject(receiverOf().url('metrics-down'), 'design.saved');
    // Earlier tests may leave deliveries of their own that drain meanwhile: the gauge must count
    // ours on top of them, read between two equal counts of theirs.
    const countsOursAnd = (ours: number) =>
      waitFor(`${pending} to count ${ours} of ours besides the rest`, async () => {
        const rest = await pendingElsewhere(projectId);
        const gauge = await metric('webhook-dispatcher', pending);
        return rest === (await pendingElsewhere(projectId)) && gauge === rest + ours;
      });
    for (const person of ['person-3', 'person-4', 'person-5']) await saveDesign(testKey, person);

    // Each attempt hangs until its deadline and is retried: the three stay pending, due or scheduled.
    await countsOursAnd(3);
    const text = await scrape(opsUrl('webhook-dispatcher'));
    for (const state of ['due', 'scheduled']) expect(text).toContain(`\n${pending}{state="${state}"} `);
    expect(receiverOf().at('metrics-down').filter((request) => request.answer !== 'hang')).toEqual([]);

    receiverOf().behave('metrics-down', { answers: ['200'] });
    await countsOursAnd(0);
    const delivered = receiverOf().at('metrics-down').filter((request) => request.answer === '200');
    expect(new Set(delivered.map((request) => request.json.data.userId))).toEqual(new Set(['person-3', 'person-4', 'person-5']));
  });
});

/** Deliveries of other projects still to go out, as the database holds them now. */
async function pendingElsewhere(projectId: string): Promise<number> {
  const [{ count }] = await query<{ count: number }>(`SELECT count(*)::int AS count FROM "WebhookDelivery" WHERE status = 'pending' AND "projectId" <> $1`, [projectId]);
  return count;
}

describe('file metrics', () => {
  it('times a PDF export by format in the renderer, and the export and file messages on both sides', async () => {
    const { testKey } = newProject('document');
    const design = await saveDesign(testKey, 'ann', 'Printed', exampleDesign('document'));
    const pdf = { format: 'pdf', outcome: 'ok' };
    const file = { subject: 'render.file.v1', outcome: 'ok' };
    const exported = { subject: 'designs.export.v1', outcome: 'ok' };
    const before = {
      pdf: await metric('renderer', 'embed_render_file_duration_seconds_count', pdf),
      made: await metric('renderer', 'embed_nats_message_duration_seconds_count', file),
      asked: await metric('designs', 'embed_nats_request_duration_seconds_count', file),
      exported: await metric('designs', 'embed_nats_message_duration_seconds_count', exported),
    };
    const answer = await call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: 'ann' }, format: 'pdf' } });
    expect(answer.status).toBe(200);

    expect(await metric('renderer', 'embed_render_file_duration_seconds_count', pdf)).toBe(before.pdf + 1);
    expect(await metric('renderer', 'embed_nats_message_duration_seconds_count', file)).toBe(before.made + 1);
    expect(await metric('designs', 'embed_nats_request_duration_seconds_count', file)).toBe(before.asked + 1);
    expect(await metric('designs', 'embed_nats_message_duration_seconds_count', exported)).toBe(before.exported + 1);
  });

  it('shows PDF and PNG jobs taking the browser slots, and the rest waiting for one', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'ann');
    const capacity = await metric('renderer', 'embed_renderer_jobs_capacity');
    expect(capacity).toBeGreaterThan(0);
    const seen = { active: 0, waiting: 0 };
    let exporting = true;
    const watching = (async () => {
      while (exporting) {
        const text = await scrape(opsUrl('renderer'));
        seen.active = Math.max(seen.active, valueIn(text, 'embed_renderer_jobs_active'));
        seen.waiting = Math.max(seen.waiting, valueIn(text, 'embed_renderer_jobs_waiting'));
        await sleep(5);
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: 2 * capacity }, () => call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: 'ann' }, format: 'png' } })),
    ).finally(() => (exporting = false));
    await watching;

    // On a loaded machine a job may wait past the renderer's deadline: 503 is its right answer then.
    for (const answer of answers) expect([200, 503]).toContain(answer.status);
    expect(seen).toEqual({ active: capacity, waiting: expect.any(Number) });
    expect(seen.waiting).toBeGreaterThan(0);
    const after = await scrape(opsUrl('renderer'));
    expect([valueIn(after, 'embed_renderer_jobs_active'), valueIn(after, 'embed_renderer_jobs_waiting')]).toEqual([0, 0]);
    expect(valueIn(after, 'embed_renderer_browsers_running')).toBeGreaterThanOrEqual(1);
  });
});
