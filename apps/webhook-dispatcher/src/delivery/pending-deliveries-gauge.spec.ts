import type { DeliveriesRepository, PendingDeliveries } from '@embed/data-access';
import { metricsRegistry, SCRAPE_COUNT_TIMEOUT_MS } from '@embed/service-runtime';
import { PENDING_DELIVERIES_METRIC, PendingDeliveriesGauge } from './pending-deliveries-gauge';

const scrape = () => metricsRegistry.getSingleMetricAsString(PENDING_DELIVERIES_METRIC);

describe('PendingDeliveriesGauge', () => {
  let gauge: PendingDeliveriesGauge | undefined;
  const gaugeOver = (countPending: () => Promise<PendingDeliveries>) =>
    (gauge = new PendingDeliveriesGauge({ countPending } as unknown as DeliveriesRepository));

  afterEach(() => {
    gauge?.onModuleDestroy();
    jest.useRealTimers();
  });

  it('reports the counts of each scrape by state', async () => {
    let counts = { due: 3, scheduled: 2 };
    gaugeOver(async () => counts);
    expect(await scrape()).toContain(`${PENDING_DELIVERIES_METRIC}{state="due"} 3`);
    counts = { due: 0, scheduled: 1 };
    const text = await scrape();
    expect(text).toContain(`${PENDING_DELIVERIES_METRIC}{state="due"} 0`);
    expect(text).toContain(`${PENDING_DELIVERIES_METRIC}{state="scheduled"} 1`);
  });

  it('leaves the gauge out of a scrape when the database does not answer in time, and counts once for scrapes that overlap it', async () => {
    jest.useFakeTimers();
    const countPending = jest.fn(() => new Promise<PendingDeliveries>(() => undefined));
    gaugeOver(countPending);
    const scrapes = [scrape(), scrape()];
    await jest.advanceTimersByTimeAsync(SCRAPE_COUNT_TIMEOUT_MS);
    for (const text of await Promise.all(scrapes)) expect(text).not.toContain('state=');
    expect(countPending).toHaveBeenCalledTimes(1);
  });

  it('leaves the gauge out of a scrape whose count fails', async () => {
    gaugeOver(() => Promise.reject(new Error('database down')));
    expect(await scrape()).not.toContain('state=');
  });
});
