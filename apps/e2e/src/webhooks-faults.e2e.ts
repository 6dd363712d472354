// @lane serial: kills and restarts the webhook dispatcher.
// Webhook delivery under faults: the dispatcher killed, or Redis crashed and left down, in
// the middle of a burst of 1,000 events. Every event must arrive at least once, with the
// same bytes on every arrival of its id. And an erasure deleting a delivery mid-attempt
// must not cost the record of the attempts finishing with it.
import { deliveryBody, LONGEST_BUDGET_MS } from '@embed/contracts';
import { openRepositories, type RecordedAttempt } from '@embed/data-access';
import { query } from './support/database';
import { killService, opsUrl, sleep, stackEnv, startService, waitUntilReady } from './support/stack';
import { type ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';
import { startDependencies, stopDependency } from './support/infrastructure';
import { FAST_DISPATCHER, restartDispatcher, useReceiverAndFastDispatcher, verifySignature, waitForDelivery, webhookProject } from './support/webhooks';
import { saveDesign } from './support/api';

/** The stack's database through the services' own repositories, on one connection. */
const stackRepositories = () =>
  openRepositories({ DATABASE_URL: stackEnv().DATABASE_URL, DATABASE_POOL_SIZE: 1, DATABASE_CONNECT_TIMEOUT_MS: LONGEST_BUDGET_MS, DATABASE_PREPARED_STATEMENTS: true });

jest.setTimeout(120_000);

const BURST = 1_000;
const CHUNK = 50;
const CHUNK_EVERY_MS = 40;
/**
 * How long the receiver takes to answer: long enough that delivery falls behind the burst
 * (a project alone has 48 places, about 500 a second at 100 ms, against 1,250 events a
 * second written), so the fault strikes while deliveries are in flight and pending.
 */
const ANSWER_DELAY_MS = 100;

const receiverOf = useReceiverAndFastDispatcher();
let receiver: WebhookReceiver;
beforeAll(() => (receiver = receiverOf()));

/**
 * Writes `BURST` export.created events to the outbox in chunks, as the designs service
 * does inside its transactions (one design each, so none is coalesced away), calling
 * `midway` once half of them are written and deliveries are under way. Returns the
 * export ids written.
 */
async function burst(projectId: string, tag: string, path: string, midway: () => Promise<void>): Promise<string[]> {
  const exportIds: string[] = [];
  for (let chunk = 0; chunk < BURST / CHUNK; chunk++) {
    if (chunk === BURST / CHUNK / 2) {
      // The fault must strike while deliveries are flowing, not before or after them
      // (on a busy machine the first deliveries may take a moment to start).
      await receiver.waitFor(path, 'the first deliveries', (requests) => requests.length > 0, 20_000);
      expect(new Set(receiver.at(path).map((r) => r.json.id)).size).toBeLessThan(exportIds.length);
      await midway();
    }
    const rows = Array.from({ length: CHUNK }, (_, i) => {
      const n = chunk * CHUNK + i;
      const designId = `${tag}${String(n).padStart(26 - tag.length, '0')}`.toUpperCase();
      const exportId = `exp_${tag}_${n}`;
      exportIds.push(exportId);
      return { id: `evt_${tag}_${n}`, designId, data: { exportId, designId, userId: 'burst', revision: 0, source: 'server', format: 'html' } };
    });
    await query(
      `INSERT INTO "OutboxEvent" (id, "projectId", environment, type, "designId", data, "createdAt")
       SELECT r.id, $1, 'test', 'export.created', r."designId", r.data, now() AT TIME ZONE 'UTC'
       FROM jsonb_to_recordset($2::jsonb) AS r(id text, "designId" text, data jsonb)`,
      [projectId, JSON.stringify(rows)],
    );
    await sleep(CHUNK_EVERY_MS);
  }
  return exportIds;
}

/** Every export id arrived, each delivery id always with the same bytes, each signed. */
async function expectEveryEventOnce(path: string, exportIds: string[], secret: string): Promise<void> {
  const requests = await receiver.waitFor(path, `all ${BURST} events`, (r) => new Set(r.map((x) => x.json.data.exportId)).size >= BURST, 90_000);
  const bodiesById = new Map<string, Set<string>>();
  for (const request of requests) bodiesById.set(request.json.id, (bodiesById.get(request.json.id) ?? new Set()).add(request.body));
  expect([...bodiesById.values()].filter((bodies) => bodies.size > 1)).toEqual([]);
  expect(new Set(requests.map((r: ReceivedWebhook) => r.json.data.exportId))).toEqual(new Set(exportIds));
  expect(bodiesById.size).toBe(BURST);
  expect(requests.filter((r) => !verifySignature(r.body, r.headers['service-signature'], secret))).toEqual([]);
}

it('loses nothing when the dispatcher is killed in the middle of a burst and started again', async () => {
  receiver.behave('killed', { delayMs: ANSWER_DELAY_MS });
  const project = webhookProject(receiver.url('killed'), 'export.created');
  const exportIds = await burst(project.projectId, 'k', 'killed', async () => {
    await killService('webhook-dispatcher');
    await sleep(500);
    startService('webhook-dispatcher', { env: FAST_DISPATCHER });
  });
  await expectEveryEventOnce('killed', exportIds, project.secret);
});

it('delivers the whole burst with Redis crashed in the middle of it and still down, staying ready', async () => {
  receiver.behave('redis', { delayMs: ANSWER_DELAY_MS });
  const project = webhookProject(receiver.url('redis'), 'export.created');
  try {
    const exportIds = await burst(project.projectId, 'r', 'redis', () => stopDependency('redis', { crash: true }));
    await expectEveryEventOnce('redis', exportIds, project.secret);
    expect((await fetch(`${opsUrl('webhook-dispatcher')}/readyz`)).status).toBe(200);
  } finally {
    await startDependencies();
    await waitUntilReady();
  }
});

it('checks the address again at each connection in production configuration', async () => {
  await restartDispatcher({ ...FAST_DISPATCHER, WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
  try {
    // Set in the local configuration (where loopback is fine), then sent by a production one.
    const project = webhookProject(`https://localhost:${receiver.port}/private`);
    await saveDesign(project.testKey, 'person-private');
    const refused = await waitForDelivery(project.projectId, 'a refused attempt', (d) => d.attempts.length > 0);
    expect(refused.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/localhost resolves to .*not a public address/) });
    expect(receiver.at('private')).toEqual([]);
  } finally {
    await restartDispatcher(FAST_DISPATCHER);
  }
});

it('records the attempts that finish together although an erasure deleted one of their deliveries mid-attempt', async () => {
  const { projectId, webhookId } = webhookProject(receiver.url('erased-mid-attempt'));
  const [erased, kept] = ['erased', 'kept'].map((name) => `dlv_mid_attempt_${name}_${Date.now().toString(36)}`);
  // Both claimed for an attempt, as a dispatcher's claim leaves them (leased, attempt counted).
  await query(
    `INSERT INTO "WebhookDelivery" (id, "webhookId", "projectId", environment, "eventType", "personId", body, "attemptCount", "nextAttemptAt", "leasedUntil", "createdAt")
     SELECT id, $2, $3, 'test', 'design.saved', 'person-' || id, '{}', 1, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC' + interval '1 hour', now() AT TIME ZONE 'UTC'
     FROM unnest($1::text[]) AS id`,
    [[erased, kept], webhookId, projectId],
  );
  // The person of one is erased while both attempts are in flight: the erasure deletes their delivery.
  await query('DELETE FROM "WebhookDelivery" WHERE id = $1', [erased]);

  const delivered = (deliveryId: string): RecordedAttempt => ({ deliveryId, outcome: { startedAt: new Date(), durationMs: 3, statusCode: 200, error: null }, next: { status: 'delivered' } });
  const repositories = stackRepositories();
  try {
    await repositories.deliveries.recordAttempts([delivered(erased), delivered(kept)]);
  } finally {
    await repositories.close();
  }
  // The other one is delivered and its lease ended: it is not sent again.
  const rows = await query(
    `SELECT d.id, d.status::text, d."leasedUntil", (SELECT count(*)::int FROM "DeliveryAttempt" a WHERE a."deliveryId" = d.id) AS attempts
     FROM "WebhookDelivery" d WHERE d.id = ANY($1)`,
    [[erased, kept]],
  );
  expect(rows).toEqual([{ id: kept, status: 'delivered', leasedUntil: null, attempts: 1 }]);
  expect(await query('SELECT id FROM "DeliveryAttempt" WHERE "deliveryId" = $1', [erased])).toEqual([]);
});

it('records a delivery and, in the same statement, takes the next one of its design, which waited for it', async () => {
  const { projectId, webhookId } = webhookProject(receiver.url('record-and-claim'));
  const tag = Date.now().toString(36);
  const [first, second] = ['1', '2'].map((n) => `dlv_record_and_claim_${tag}_${n}`);
  const designId = `RC${tag}`.toUpperCase().padEnd(26, '0');
  // Real bodies: the stack's dispatcher may send the second once this claim's short lease ends.
  const bodies = [first, second].map((id, revision) =>
    deliveryBody({ id, type: 'design.saved', createdAt: new Date().toISOString(), projectId, environment: 'test', data: { designId, userId: 'record-and-claim', revision, languages: ['en'] } }),
  );
  // The first is in flight (claimed: leased, attempt counted); the second, of the same design, waits for it.
  await query(
    `INSERT INTO "WebhookDelivery" (id, "webhookId", "projectId", environment, "eventType", "designId", body, "attemptCount", "nextAttemptAt", "leasedUntil", "createdAt")
     SELECT d.id, $3, $4, 'test', 'design.saved', $5, d.body, CASE WHEN d.id = $6 THEN 1 ELSE 0 END, now() AT TIME ZONE 'UTC',
       CASE WHEN d.id = $6 THEN now() AT TIME ZONE 'UTC' + interval '1 hour' END, now() AT TIME ZONE 'UTC'
     FROM unnest($1::text[], $2::text[]) AS d(id, body)`,
    [[first, second], bodies, webhookId, projectId, designId, first],
  );
  const delivered: RecordedAttempt = { deliveryId: first, outcome: { startedAt: new Date(), durationMs: 3, statusCode: 200, error: null }, next: { status: 'delivered' } };
  const repositories = stackRepositories();
  try {
    // A short lease: anything else this claim takes from the stack's dispatcher goes back to it at once.
    const claimed = await repositories.deliveries.recordAndClaim([delivered], { window: 16, concurrency: 64, limit: 64, leaseMs: 1, leasesPerPlace: 1 });
    expect(claimed.map((delivery) => delivery.id)).toContain(second);
    expect(claimed.find((delivery) => delivery.id === second)).toMatchObject({ attempt: 1 });
  } finally {
    await repositories.close();
  }
  const [row] = await query(
    `SELECT d.status::text, d."leasedUntil", (SELECT count(*)::int FROM "DeliveryAttempt" a WHERE a."deliveryId" = d.id) AS attempts FROM "WebhookDelivery" d WHERE d.id = $1`,
    [first],
  );
  expect(row).toEqual({ status: 'delivered', leasedUntil: null, attempts: 1 });
});

it('claims ahead of a project’s share, each due again at its lease’s end, and gives back what it will not send', async () => {
  const { projectId, webhookId } = webhookProject(receiver.url('claim-ahead'));
  const tag = Date.now().toString(36);
  const ids = Array.from({ length: 6 }, (_, n) => `dlv_claim_ahead_${tag}_${n}`);
  // No other claim may take these: the stack's dispatcher is stopped for the test. The
  // other projects' pending deliveries (earlier tests' retries, and what the killed
  // dispatcher held) are put a day later and their leases a day earlier meanwhile, so that
  // this project is alone with due or leased deliveries, as the shares assume.
  await killService('webhook-dispatcher');
  const shiftOthers = (by: string) =>
    query(
      `UPDATE "WebhookDelivery" SET "nextAttemptAt" = "nextAttemptAt" + $2::interval, "leasedUntil" = "leasedUntil" - $2::interval WHERE status = 'pending' AND "projectId" <> $1`,
      [projectId, by],
    );
  await shiftOthers('1 day');
  const repositories = stackRepositories();
  try {
    await query(
      `INSERT INTO "WebhookDelivery" (id, "webhookId", "projectId", environment, "eventType", body, "nextAttemptAt", "createdAt")
       SELECT id, $2, $3, 'test', 'ping', '{}', now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC' FROM unnest($1::text[]) AS id`,
      [ids, webhookId, projectId],
    );
    // A project alone among 4 places with a window of 1 has a share of 3 places, and holds two leases per place.
    const claim = { window: 1, concurrency: 4, limit: 10, leaseMs: 60_000, leasesPerPlace: 2 };
    const claimed = await repositories.deliveries.recordAndClaim([], claim);
    expect(claimed.map((delivery) => delivery.id).sort()).toEqual(ids);
    expect(claimed.every((delivery) => delivery.places === 3 && delivery.projectId === projectId)).toBe(true);
    expect(await repositories.deliveries.recordAndClaim([], claim)).toEqual([]);
    const [leased] = await query(
      `SELECT count(*)::int AS held, bool_and("nextAttemptAt" = "leasedUntil" AND "leasedUntil" > now() AT TIME ZONE 'UTC' + interval '50 seconds') AS "dueAtLeaseEnd"
       FROM "WebhookDelivery" WHERE id = ANY($1) AND "attemptCount" = 1`,
      [ids],
    );
    expect(leased).toEqual({ held: 6, dueAtLeaseEnd: true });

    // Two given back: their attempt uncounted, due at once; once the others are delivered, the next claim takes them again.
    const givenBack = claimed.filter((delivery) => ids.slice(4, 6).includes(delivery.id));
    await repositories.deliveries.release(givenBack);
    const given = await query(
      `SELECT "attemptCount", "leasedUntil", "nextAttemptAt" <= now() AT TIME ZONE 'UTC' AS due FROM "WebhookDelivery" WHERE id = ANY($1) ORDER BY id`,
      [ids.slice(4, 6)],
    );
    expect(given).toEqual([
      { attemptCount: 0, leasedUntil: null, due: true },
      { attemptCount: 0, leasedUntil: null, due: true },
    ]);
    await repositories.deliveries.recordAttempts(
      ids.slice(0, 4).map((deliveryId) => ({ deliveryId, outcome: { startedAt: new Date(), durationMs: 3, statusCode: 200, error: null }, next: { status: 'delivered' } })),
    );
    expect((await repositories.deliveries.recordAndClaim([], claim)).map((delivery) => delivery.id).sort()).toEqual(ids.slice(4, 6));

    // A replica gives back only what its claim still holds: once that lease has ended and another
    // claim has taken the delivery (its attempt counted again), the later claim's lease stays.
    await query(`UPDATE "WebhookDelivery" SET "leasedUntil" = now() AT TIME ZONE 'UTC' - interval '1 second', "nextAttemptAt" = now() AT TIME ZONE 'UTC' - interval '1 second' WHERE id = ANY($1)`, [ids.slice(4, 6)]);
    expect((await repositories.deliveries.recordAndClaim([], claim)).map((delivery) => delivery.attempt)).toEqual([2, 2]);
    await repositories.deliveries.release(givenBack);
    const kept = await query(`SELECT "attemptCount", "leasedUntil" > now() AT TIME ZONE 'UTC' AS leased FROM "WebhookDelivery" WHERE id = ANY($1) ORDER BY id`, [ids.slice(4, 6)]);
    expect(kept).toEqual([
      { attemptCount: 2, leased: true },
      { attemptCount: 2, leased: true },
    ]);
  } finally {
    await query('DELETE FROM "WebhookDelivery" WHERE id = ANY($1)', [ids]);
    await shiftOthers('-1 day');
    await repositories.close();
    startService('webhook-dispatcher', { env: FAST_DISPATCHER });
    await waitUntilReady(['webhook-dispatcher']);
  }
});
