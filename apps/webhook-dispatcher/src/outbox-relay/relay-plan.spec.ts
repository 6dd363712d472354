import type { BoundEvent, LatestSavedDelivery } from '@embed/data-access';
import { planRelay } from './relay-plan';

let next = 0;
const event = (type: BoundEvent['type'], designId: string | null, revision?: number): BoundEvent => ({
  eventId: `evt_${++next}`,
  webhookId: 'wh_1',
  projectId: 'prj_1',
  environment: 'test',
  type,
  personId: 'psn_1',
  designId,
  data: revision === undefined ? {} : { designId, revision },
  createdAt: '2026-11-25T12:00:00.000Z',
  requestId: null,
  traceparent: null,
});
const waiting = (designId: string, revision: number, mergeable: boolean): LatestSavedDelivery => ({ webhookId: 'wh_1', designId, id: `dlv_${designId}`, revision, mergeable });
const lookup = (rows: LatestSavedDelivery[]) => async (saved: BoundEvent[]) => rows.filter((row) => saved.some((event) => event.designId === row.designId));

describe('planRelay', () => {
  it('makes a delivery of every other event, in outbox order, and one of the newest save of each design', async () => {
    const [deleted, firstSave, exported, newerSave, otherSave] = [event('design.deleted', 'A'), event('design.saved', 'B', 1), event('export.created', 'B'), event('design.saved', 'B', 2), event('design.saved', 'C', 0)];
    const plan = await planRelay([deleted, firstSave, exported, newerSave, otherSave], lookup([]));
    expect(plan).toEqual({ inserts: [deleted, exported, newerSave, otherSave], merges: [] });
  });

  it('gives a delivery still waiting the newer body, and drops a save no newer than one already made', async () => {
    const [newer, stale, afterSent] = [event('design.saved', 'A', 3), event('design.saved', 'B', 1), event('design.saved', 'C', 5)];
    const plan = await planRelay([newer, stale, afterSent], lookup([waiting('A', 2, true), waiting('B', 1, true), waiting('C', 4, false)]));
    expect(plan.merges).toEqual([{ deliveryId: 'dlv_A', event: expect.objectContaining({ eventId: newer.eventId, revision: 3 }) }]);
    expect(plan.inserts).toEqual([afterSent]);
  });
});
