// @lane shared
import { newProject } from './support/api';
import { query } from './support/database';
import { waitFor } from './support/stack';
import { WebhookReceiver } from './support/webhook-receiver';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

interface Delivery {
  id: string;
  status: 'pending' | 'delivered' | 'failed';
  createdAt: Date;
  /** When its one attempt was made; none made when absent. */
  attemptedAt?: Date;
}

/** Writes the delivery and its attempt in one statement: the retention sweep running beside it never sees the one without the other. */
async function insertDelivery(projectId: string, webhookId: string, delivery: Delivery): Promise<void> {
  const body = JSON.stringify({ id: `evt_${delivery.id}`, type: 'user.erased', projectId, environment: 'test', data: { userId: `kept-${delivery.id}` } });
  await query(
    `WITH delivery AS (
       INSERT INTO "WebhookDelivery" (id, "webhookId", "projectId", environment, "eventType", body, status, "attemptCount", "createdAt", "deliveredAt", "nextAttemptAt")
       VALUES ($1, $2, $3, 'test', 'user.erased', $4, $5::text::"DeliveryStatus", $6, $7::timestamptz AT TIME ZONE 'UTC',
         CASE WHEN $5 = 'delivered' THEN $7::timestamptz AT TIME ZONE 'UTC' END,
         CASE WHEN $5 = 'pending' THEN now() AT TIME ZONE 'UTC' + interval '1 day' END)
       RETURNING id
     )
     INSERT INTO "DeliveryAttempt" (id, "deliveryId", "attemptedAt", "statusCode", "durationMs")
     SELECT 'att_' || id, id, $8::timestamptz AT TIME ZONE 'UTC', 500, 10 FROM delivery WHERE $8::timestamptz IS NOT NULL`,
    [delivery.id, webhookId, projectId, body, delivery.status, delivery.attemptedAt ? 1 : 0, delivery.createdAt, delivery.attemptedAt ?? null],
  );
}

const remaining = async (ids: string[]) => (await query<{ id: string }>(`SELECT id FROM "WebhookDelivery" WHERE id = ANY($1) ORDER BY id`, [ids])).map((row) => row.id);

describe('webhook records past their retention (30 days)', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => (receiver = await WebhookReceiver.start()));
  afterAll(() => receiver.stop());

  it('deletes finished deliveries 30 days after their last attempt, with their attempts and the person ids in their bodies; keeps pending and recent ones', async () => {
    const { projectId } = newProject('email', '--webhook-url', receiver.url('retention'));
    const [{ id: webhookId }] = await query<{ id: string }>(`SELECT id FROM "WebhookEndpoint" WHERE "projectId" = $1`, [projectId]);
    const tag = Date.now().toString(36);
    const deliveries: (Delivery & { kept: boolean })[] = [
      { id: `${tag}_failed_old`, status: 'failed', createdAt: daysAgo(40), attemptedAt: daysAgo(35), kept: false },
      { id: `${tag}_delivered_old`, status: 'delivered', createdAt: daysAgo(31), kept: false },
      { id: `${tag}_failed_retried`, status: 'failed', createdAt: daysAgo(40), attemptedAt: daysAgo(1), kept: true },
      { id: `${tag}_failed_recent`, status: 'failed', createdAt: daysAgo(29), attemptedAt: daysAgo(29), kept: true },
      { id: `${tag}_pending_old`, status: 'pending', createdAt: daysAgo(40), kept: true },
    ];
    for (const delivery of deliveries) await insertDelivery(projectId, webhookId, delivery);
    const ids = deliveries.map((d) => d.id);
    const kept = deliveries.filter((d) => d.kept).map((d) => d.id).sort();

    await waitFor('the retention sweep', async () => (await remaining(ids)).length === kept.length, 30_000);
    expect(await remaining(ids)).toEqual(kept);
    expect(await query(`SELECT id FROM "DeliveryAttempt" WHERE "deliveryId" = $1`, [`${tag}_failed_old`])).toEqual([]);
    expect(await query(`SELECT id FROM "WebhookDelivery" WHERE body LIKE $1`, [`%kept-${tag}_failed_old%`])).toEqual([]);
  });
  it('deletes outbox events relayed more than 30 days ago, and keeps those relayed since', async () => {
    const { projectId } = newProject('email');
    const tag = Date.now().toString(36);
    const relayed = async (id: string, days: number) =>
      query(
        `INSERT INTO "OutboxEvent" (id, "projectId", environment, type, data, "createdAt", "dispatchedAt")
         VALUES ($1, $2, 'test', 'design.deleted', '{}', $3::timestamptz AT TIME ZONE 'UTC', $3::timestamptz AT TIME ZONE 'UTC')`,
        [id, projectId, daysAgo(days)],
      );
    await relayed(`evt_${tag}_old`, 31);
    await relayed(`evt_${tag}_recent`, 29);
    const left = async () => (await query<{ id: string }>(`SELECT id FROM "OutboxEvent" WHERE id LIKE $1 ORDER BY id`, [`evt_${tag}_%`])).map((row) => row.id);

    await waitFor('the retention sweep', async () => (await left()).length === 1, 30_000);
    expect(await left()).toEqual([`evt_${tag}_recent`]);
  });
});
