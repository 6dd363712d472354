// @lane serial: restarts the webhook dispatcher with other settings.
// Webhooks end to end: real saves and admin commands, the real dispatcher, and a real
// receiver process that checks every signature with its own implementation of spec §5.
import { PING_MESSAGE } from '@embed/contracts';
import { editorSession, exampleDesign, exampleLanguages, saveDesign } from './support/api';
import { query } from './support/database';
import { admin, adminCli, sleep, waitFor } from './support/stack';
import { freePort, type ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';
import { FAST_DISPATCHER, restartDispatcher, useReceiverAndFastDispatcher, verifySignature, waitForDelivery, webhookProject } from './support/webhooks';

jest.setTimeout(60_000);

const receiverOf = useReceiverAndFastDispatcher();
let receiver: WebhookReceiver;
beforeAll(() => (receiver = receiverOf()));

const signature = (request: ReceivedWebhook) => request.headers['service-signature'];
const ids = (requests: ReceivedWebhook[]) => [...new Set(requests.map((request) => request.json.id))];

describe('signature and envelope', () => {
  it('signs each event so that a check written from the spec alone verifies it', async () => {
    const project = webhookProject(receiver.url('signed'));
    const design = await saveDesign(project.testKey, 'person-1');
    const [request] = await receiver.waitFor('signed', 'design.saved', (requests) => requests.length > 0);

    expect(request.headers['content-type']).toBe('application/json');
    expect(signature(request)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(request.body, signature(request), project.secret)).toBe(true);
    expect(verifySignature(request.body, signature(request), `${project.secret}x`)).toBe(false);
    expect(verifySignature(`${request.body} `, signature(request), project.secret)).toBe(false);
    expect(request.json).toEqual({
      id: expect.stringMatching(/^dlv_/),
      type: 'design.saved',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      projectId: project.projectId,
      environment: 'test',
      data: { designId: design.id, userId: 'person-1', revision: 0, languages: exampleLanguages('email') },
    });
  });
});

describe('ping', () => {
  it('`webhook ping` sends one now, and `webhook deliveries` lists it with its attempt', async () => {
    const project = webhookProject(receiver.url('ping'), 'design.deleted');
    const { deliveryId } = admin('webhook', 'ping', '--project', project.projectId).json;
    const [request] = await receiver.waitFor('ping', 'the ping', (requests) => requests.length > 0, 3_000);

    expect(request.json).toMatchObject({ id: deliveryId, type: 'ping', projectId: project.projectId, data: { message: PING_MESSAGE } });
    expect(verifySignature(request.body, signature(request), project.secret)).toBe(true);
    const listed = await waitForDelivery(project.projectId, 'the ping to be recorded', (d) => d.deliveryId === deliveryId && d.status === 'delivered');
    expect(listed).toMatchObject({ type: 'ping', attemptCount: 1, attempts: [{ statusCode: 200, error: null, durationMs: expect.any(Number) }] });
  });

  it('refuses bad flags of the deliveries command', () => {
    expect(admin('webhook', 'deliveries', '--project', 'prj_x', '--limit', '0').status).toBe(2);
    expect(admin('webhook', 'redeliver', '--delivery', 'dlv_missing').status).toBe(1);
  });
});

describe('retries', () => {
  it('retries 500s and redirects with the same id and the same bytes until a 2xx', async () => {
    receiver.behave('flaky', { answers: ['500', '302', '200'] });
    const project = webhookProject(receiver.url('flaky'));
    await saveDesign(project.testKey, 'person-2');
    const requests = await receiver.waitFor('flaky', 'three attempts', (r) => r.length >= 3);

    expect(requests.map((r) => r.answer)).toEqual(['500', '302', '200']);
    expect(ids(requests)).toHaveLength(1);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    for (const request of requests) expect(verifySignature(request.body, signature(request), project.secret)).toBe(true);
    const listed = await waitForDelivery(project.projectId, 'delivered', (d) => d.status === 'delivered');
    expect(listed.attempts.map((a: any) => a.statusCode)).toEqual([500, 302, 200]);
  });

  it('retries when no answer comes within the deadline', async () => {
    receiver.behave('slow', { answers: ['hang', '200'] });
    const project = webhookProject(receiver.url('slow'));
    await saveDesign(project.testKey, 'person-3');
    const requests = await receiver.waitFor('slow', 'a retry after the timeout', (r) => r.length >= 2);

    expect(ids(requests)).toHaveLength(1);
    const listed = await waitForDelivery(project.projectId, 'delivered', (d) => d.status === 'delivered');
    expect(listed.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/no answer within 1500 ms/) });
    expect(listed.attempts[0].durationMs).toBeGreaterThanOrEqual(1_400);
  });

  it('retries refused connections with the same id until the receiver is up', async () => {
    const port = await freePort();
    const project = webhookProject(`http://127.0.0.1:${port}/late`);
    await saveDesign(project.testKey, 'person-4');
    const refused = await waitForDelivery(project.projectId, 'two refused attempts', (d) => d.attempts.length >= 2);
    expect(refused.attempts[0].error).toMatch(/ECONNREFUSED/);

    const late = await WebhookReceiver.start(port);
    try {
      const [request] = await late.waitFor('late', 'the delivery', (r) => r.length > 0);
      expect(request.json.id).toBe(refused.deliveryId);
      expect(verifySignature(request.body, signature(request), project.secret)).toBe(true);
    } finally {
      await late.stop();
    }
  });

  it('gives up after 8 attempts in all; `webhook redeliver` sends the same id and bytes again', async () => {
    receiver.behave('down', { answers: ['500'] });
    const project = webhookProject(receiver.url('down'));
    await saveDesign(project.testKey, 'person-5');
    const failed = await waitForDelivery(project.projectId, 'the delivery to fail', (d) => d.status === 'failed', 30_000);
    expect(failed.attempts).toHaveLength(8);
    expect(await receiver.waitFor('down', 'eight attempts', (r) => r.length >= 8)).toHaveLength(8);
    expect(admin('webhook', 'redeliver', '--delivery', failed.deliveryId).json).toEqual({ deliveryId: failed.deliveryId, status: 'pending' });

    receiver.behave('down', { answers: ['200'] });
    const requests = await receiver.waitFor('down', 'the redelivery', (r) => r.length >= 9);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    expect(requests[8].json.id).toBe(failed.deliveryId);
    await waitForDelivery(project.projectId, 'delivered', (d) => d.deliveryId === failed.deliveryId && d.status === 'delivered');
  });
});

describe('subscriptions', () => {
  it('sends only the chosen kinds, and ping whatever is chosen', async () => {
    const project = webhookProject(receiver.url('chosen'), 'design.deleted');
    const { editor } = await editorSession(project.testKey, 'person-6');
    const created = await editor('POST', '/designs', { body: { name: 'Gone soon', doc: exampleDesign('email') } });
    expect((await editor('DELETE', `/designs/${created.body.id}`)).status).toBe(204);
    admin('webhook', 'ping', '--project', project.projectId);
    await receiver.waitFor('chosen', 'design.deleted and ping', (r) => r.length >= 2);
    await sleep(500);

    expect(receiver.at('chosen').map((r) => r.json.type).sort()).toEqual(['design.deleted', 'ping']);
    expect(receiver.at('chosen').find((r) => r.json.type === 'design.deleted')?.json.data).toEqual({ designId: created.body.id, userId: 'person-6' });
  });
});

describe('design.saved coalescing', () => {
  it('merges saves waiting for delivery into the newest revision; revisions never go down', async () => {
    // Each delivery is held long enough for several saves to queue up behind it, even on a busy machine.
    receiver.behave('burst', { delayMs: 1_000 });
    const project = webhookProject(receiver.url('burst'));
    const { editor } = await editorSession(project.testKey, 'person-7');
    const doc = exampleDesign('email');
    const created = await editor('POST', '/designs', { body: { name: 'Busy', doc } });
    let revision = created.body.revision;
    for (let i = 0; i < 20; i++) {
      const saved = await editor('PUT', `/designs/${created.body.id}`, { body: { doc } });
      expect(saved.status).toBe(200);
      revision = saved.body.revision;
    }
    const requests = await receiver.waitFor('burst', `revision ${revision}`, (r) => r.some((x) => x.json.data.revision === revision));
    await sleep(700);

    const revisions = receiver.at('burst').map((r) => r.json.data.revision);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(revisions.at(-1)).toBe(revision);
    expect(ids(requests).length).toBeLessThan(10);
    // An answer that came past the deadline is sent again, the same delivery (at least once):
    // no two deliveries carry the same revision.
    const revisionOf = new Map(receiver.at('burst').map((r) => [r.json.id, r.json.data.revision]));
    expect(new Set(revisionOf.values()).size).toBe(revisionOf.size);
  });
});

describe('secret rotation', () => {
  it('signs with both secrets for the overlap, and the new one is shown once', async () => {
    const project = webhookProject(receiver.url('rotated'));
    const rotated = admin('webhook', 'rotate-secret', '--project', project.projectId);
    expect(rotated.status).toBe(0);
    expect(rotated.json.secret).toMatch(/^whsec_/);
    expect(Date.parse(rotated.json.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    admin('webhook', 'ping', '--project', project.projectId);
    const [request] = await receiver.waitFor('rotated', 'the ping', (r) => r.length > 0);
    expect(signature(request).match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(request.body, signature(request), rotated.json.secret)).toBe(true);
    expect(verifySignature(request.body, signature(request), project.secret)).toBe(true);
  });
});

describe('URL safety in production configuration', () => {
  const inProduction = (...args: string[]) => {
    process.env['WEBHOOK_ALLOW_PRIVATE_URLS'] = 'false';
    try {
      // The command line in a process of its own, which reads the environment as set here.
      return adminCli(...args);
    } finally {
      delete process.env['WEBHOOK_ALLOW_PRIVATE_URLS'];
    }
  };

  it.each([
    ['http://hooks.example.com/in', /must use https/],
    ['https://127.0.0.1/in', /127\.0\.0\.1 is not a public address/],
    ['https://[::1]/in', /::1 is not a public address/],
    ['https://[64:ff9b::10.0.0.1]/in', /64:ff9b::a00:1 is not a public address/],
    ['https://[2002:c0a8:101::1]/in', /2002:c0a8:101::1 is not a public address/],
    ['https://169.254.169.254/latest', /not a public address/],
    ['https://localhost/in', /not a public address/],
  ])('`webhook set` refuses %s', (url, message) => {
    const project = webhookProject(receiver.url('unused'));
    const result = inProduction('webhook', 'set', '--project', project.projectId, '--url', url);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('allows loopback http in the local configuration', () => {
    const project = webhookProject(receiver.url('unused'));
    const result = admin('webhook', 'set', '--project', project.projectId, '--url', receiver.url('local-ok'));
    expect(result.json).toMatchObject({ url: receiver.url('local-ok'), secret: null });
  });
});

describe('sharing the dispatcher between projects', () => {
  const SHARED = { ...FAST_DISPATCHER, WEBHOOK_ANSWER_TIMEOUT_MS: '8000', WEBHOOK_CONCURRENCY: '8', WEBHOOK_PROJECT_WINDOW: '2' };
  afterAll(() => restartDispatcher(FAST_DISPATCHER));

  it('lets a project alone take all places but one window, and the next project starts at once in that window', async () => {
    await restartDispatcher(SHARED);
    receiver.behave('hogging', { answers: ['hang', '200'] });
    const hogging = webhookProject(receiver.url('hogging'));
    for (let i = 0; i < 10; i++) await saveDesign(hogging.testKey, `person-hogging-${i}`);
    await receiver.waitFor('hogging', 'the lone project’s share in flight', (r) => r.length >= 6);
    // Each hangs until the 8 s deadline: the sixth came before the first gave up, so all six
    // were in flight at once, and no more are taken meanwhile.
    await sleep(1_000);
    const inFlight = receiver.at('hogging');
    expect(ids(inFlight)).toHaveLength(6);
    expect(inFlight.at(-1)!.at - inFlight[0].at).toBeLessThan(8_000);

    const next = webhookProject(receiver.url('next'));
    await saveDesign(next.testKey, 'person-next');
    await receiver.waitFor('next', 'the next project’s delivery', (r) => r.length > 0);
    expect(receiver.at('hogging')).toHaveLength(6);

    await receiver.waitFor('hogging', 'the lone project’s backlog delivered', (r) => r.filter((request) => request.answer === '200').length === 10, 60_000);
  }, 90_000);
});

describe('waking at commit', () => {
  afterAll(() => restartDispatcher(FAST_DISPATCHER));

  it('relays a first save without reading every delivery kept, whatever the table’s statistics say', async () => {
    const project = webhookProject(receiver.url('first-save'));
    // Twenty thousand deliveries kept of one design, which the statistics then take for
    // the usual: a lookup of the newest delivery of a design that reads deliveries backwards
    // by id until one matches reads them all for a design never delivered before.
    await query(
      `INSERT INTO "WebhookDelivery" (id, "webhookId", "projectId", environment, "eventType", "designId", body, status, "createdAt")
       SELECT 'dlv_kept_' || lpad(i::text, 6, '0'), $1, $2, 'test', 'design.saved', 'KEPTDELIVERIESOFONEDESIGN0', '{}', 'delivered', now() AT TIME ZONE 'UTC'
       FROM generate_series(1, 20000) AS i`,
      [project.webhookId, project.projectId],
    );
    await query('ANALYZE "WebhookDelivery"');
    // PostgreSQL counts each index's scans and the entries they read; a backend reports
    // them when idle, within seconds.
    const indexUse = async () =>
      new Map(
        (await query<{ name: string; scans: string; read: string }>(`SELECT indexrelname AS name, idx_scan AS scans, idx_tup_read AS read FROM pg_stat_user_indexes WHERE relname = 'WebhookDelivery'`)).map(
          ({ name, scans, read }) => [name, { scans: Number(scans), read: Number(read) }],
        ),
      );
    const byDesign = 'WebhookDelivery_designId_webhookId_id_idx';
    const before = await indexUse();

    await saveDesign(project.testKey, 'person-first-save');
    await receiver.waitFor('first-save', 'design.saved', (requests) => requests.length > 0);
    const after = await waitFor('the relay’s lookup to be counted', async () => {
      const now = await indexUse();
      return (now.get(byDesign)?.scans ?? 0) > (before.get(byDesign)?.scans ?? 0) && now;
    });
    expect(after.get('WebhookDelivery_pkey')!.read - before.get('WebhookDelivery_pkey')!.read).toBeLessThan(2_000);
  });

  it('sends a save’s design.saved long before the relay’s next poll: the outbox notifies the dispatcher at commit', async () => {
    await restartDispatcher({ ...FAST_DISPATCHER, WEBHOOK_POLL_MS: '600000' });
    const project = webhookProject(receiver.url('woken'));
    const design = await saveDesign(project.testKey, 'person-woken');
    const [request] = await receiver.waitFor('woken', 'design.saved', (requests) => requests.length > 0);
    expect(request.json.data).toEqual({ designId: design.id, userId: 'person-woken', revision: 0, languages: exampleLanguages('email') });
  });
});
