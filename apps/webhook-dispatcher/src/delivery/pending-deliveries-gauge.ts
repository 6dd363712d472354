import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DeliveriesRepository, type PendingDeliveries } from '@embed/data-access';
import { metricsRegistry } from '@embed/service-runtime';
import { Gauge } from 'prom-client';

export const PENDING_DELIVERIES_METRIC = 'embed_webhook_deliveries_pending';

/**
 * How long a scrape waits for the count. A database that does not answer in time leaves
 * the gauge out of that scrape (its series vanish) rather than hold up every other metric.
 */
export const COUNT_TIMEOUT_MS = 1_000;

/**
 * The deliveries still to go out, by state, counted in the database at each scrape: the
 * backlog operators alert on (it was the BullMQ queue's depth). Every replica reports the
 * same count, the whole database's, so alerts take the max over replicas, not the sum.
 */
@Injectable()
export class PendingDeliveriesGauge implements OnModuleDestroy {
  /** A count still on its way is reused, so that scrapes never pile statements up behind a slow database. */
  private counting: Promise<PendingDeliveries> | undefined;

  constructor(private readonly deliveries: DeliveriesRepository) {
    const countWithin = (ms: number) => this.countWithin(ms);
    new Gauge({
      name: PENDING_DELIVERIES_METRIC,
      help: 'Webhook deliveries still to go out: due (being attempted or waiting for a place) or scheduled (a retry later); the same on every replica',
      labelNames: ['state'],
      registers: [metricsRegistry],
      async collect() {
        this.reset();
        const counts = await countWithin(COUNT_TIMEOUT_MS);
        if (counts) for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
      },
    });
  }

  onModuleDestroy(): void {
    metricsRegistry.removeSingleMetric(PENDING_DELIVERIES_METRIC);
  }

  /** The counts, or undefined when the database does not give them within `ms`. */
  private async countWithin(ms: number): Promise<PendingDeliveries | undefined> {
    this.counting ??= this.deliveries.countPending().finally(() => (this.counting = undefined));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
    try {
      return await Promise.race([this.counting.catch(() => undefined), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
