import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DeliveriesRepository } from '@embed/data-access';
import { metricsRegistry, ScrapeCount } from '@embed/service-runtime';
import { Gauge } from 'prom-client';

export const PENDING_DELIVERIES_METRIC = 'embed_webhook_deliveries_pending';

/**
 * The deliveries still to go out, by state, counted in the database at each scrape: the
 * backlog operators alert on (it was the BullMQ queue's depth). Every replica reports the
 * same count, the whole database's, so alerts take the max over replicas, not the sum.
 */
@Injectable()
export class PendingDeliveriesGauge implements OnModuleDestroy {
  constructor(deliveries: DeliveriesRepository) {
    const pending = new ScrapeCount(() => deliveries.countPending());
    new Gauge({
      name: PENDING_DELIVERIES_METRIC,
      help: 'Webhook deliveries still to go out: due (being attempted or waiting for a place) or scheduled (a retry later); the same on every replica',
      labelNames: ['state'],
      registers: [metricsRegistry],
      async collect() {
        this.reset();
        const counts = await pending.read();
        if (counts) for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
      },
    });
  }

  onModuleDestroy(): void {
    metricsRegistry.removeSingleMetric(PENDING_DELIVERIES_METRIC);
  }
}
