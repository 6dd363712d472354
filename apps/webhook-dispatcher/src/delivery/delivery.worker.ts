import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Worker } from 'bullmq';
import { DeliveriesRepository } from '@embed/data-access';
import { webhookRule } from '@embed/egress-guard';
import { instrumentWorker, RedisConnection, runJob } from '@embed/service-runtime';
import { AdmissionLoop } from '../admission/admission.loop';
import { DELIVERY_QUEUE, type DeliveryJobData, lockDurationMs } from '../delivery-queue/delivery-queue';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher-config';
import { batchedDeliveries, type DeliveryStore } from './batched-deliveries';
import { AttemptFailedError, deliverWebhook, type DeliverySettings } from './deliver-webhook';

/** Wait before retrying a job that failed for our own reasons (database or Redis away), not the receiver's. */
const INFRASTRUCTURE_RETRY_MS = 5_000;

/** This replica's share of the deliveries: BullMQ hands each job to one worker at a time. */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DeliveryWorker.name);
  private worker?: Worker<DeliveryJobData>;
  private readonly settings: DeliverySettings;
  private readonly deliveries: DeliveryStore;

  constructor(
    private readonly redis: RedisConnection,
    deliveries: DeliveriesRepository,
    private readonly admission: AdmissionLoop,
    @Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig,
  ) {
    this.deliveries = batchedDeliveries(deliveries);
    this.settings = {
      timeoutMs: config.WEBHOOK_ANSWER_TIMEOUT_MS,
      retryScale: config.WEBHOOK_RETRY_SCALE,
      rule: webhookRule(config.WEBHOOK_ALLOW_PRIVATE_URLS),
    };
  }

  onApplicationBootstrap(): void {
    const lockDuration = lockDurationMs(this.config.WEBHOOK_ANSWER_TIMEOUT_MS);
    // Each attempt runs in the context of the request whose event it delivers: its log lines name that request.
    const attempt = ({ deliveryId, ...carried }: DeliveryJobData) => runJob('webhook deliver', carried, () => deliverWebhook(this.deliveries, deliveryId, this.settings));
    this.worker = new Worker<DeliveryJobData>(DELIVERY_QUEUE, (job) => attempt(job.data), {
      // A worker blocks on Redis, so it has connections of its own that wait out an outage.
      connection: { ...this.redis.options, maxRetriesPerRequest: null },
      concurrency: this.config.WEBHOOK_CONCURRENCY,
      lockDuration,
      stalledInterval: lockDuration,
      settings: {
        backoffStrategy: (_attemptsMade, _type, err) => (err instanceof AttemptFailedError ? err.retryInMs : INFRASTRUCTURE_RETRY_MS),
      },
    });
    instrumentWorker(this.worker);
    // Whatever the outcome, a window slot may have freed or a design's next delivery may now go.
    this.worker.on('completed', () => this.admission.wake());
    this.worker.on('failed', (job, err) => {
      this.admission.wake();
      this.logger.warn({ deliveryId: job?.data.deliveryId, requestId: job?.data.requestId, err: err.message }, 'webhook attempt failed');
    });
    this.worker.on('error', (err) => this.logger.error({ err }, 'delivery worker error'));
  }

  /** Finishes the attempts in hand before the database closes; an interrupted one would be retried anyway. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
