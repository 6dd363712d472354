import { type LatestSavedDelivery, planSavedDeliveries, savedEventKey } from './coalesce';

const saved = (designId: string, revision: number, webhookId = 'wh_1') => ({ webhookId, designId, revision });
const latestOf = (entries: [ReturnType<typeof saved>, LatestSavedDelivery][]) => new Map(entries.map(([event, latest]) => [savedEventKey(event), latest]));

describe('planSavedDeliveries', () => {
  it('keeps only the newest revision of each design in a batch', () => {
    const plan = planSavedDeliveries([saved('A', 1), saved('A', 3), saved('B', 0), saved('A', 2)], new Map());
    expect(plan).toEqual([
      { action: 'insert', event: saved('A', 3) },
      { action: 'insert', event: saved('B', 0) },
    ]);
  });

  it('merges into a waiting delivery that no receiver has seen yet', () => {
    const plan = planSavedDeliveries([saved('A', 5)], latestOf([[saved('A', 0), { id: 'dlv_1', revision: 4, mergeable: true }]]));
    expect(plan).toEqual([{ action: 'merge', event: saved('A', 5), deliveryId: 'dlv_1' }]);
  });

  it('queues a new delivery behind one that was already sent', () => {
    const plan = planSavedDeliveries([saved('A', 5)], latestOf([[saved('A', 0), { id: 'dlv_1', revision: 4, mergeable: false }]]));
    expect(plan).toEqual([{ action: 'insert', event: saved('A', 5) }]);
  });

  it('drops a revision that is not newer than one already made, so revisions never go down', () => {
    const plan = planSavedDeliveries([saved('A', 3)], latestOf([[saved('A', 0), { id: 'dlv_1', revision: 4, mergeable: true }]]));
    expect(plan).toEqual([{ action: 'skip', event: saved('A', 3) }]);
  });

  it('keeps webhooks apart', () => {
    const plan = planSavedDeliveries([saved('A', 1, 'wh_1'), saved('A', 1, 'wh_2')], new Map());
    expect(plan.map((step) => step.action)).toEqual(['insert', 'insert']);
  });
});
