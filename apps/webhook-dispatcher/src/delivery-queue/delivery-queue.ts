import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type JobsOptions, Queue } from 'bullmq';
import type { DueDelivery } from '@embed/data-access';
import { instrumentQueue, RedisConnection } from '@embed/service-runtime';
import { MAX_ATTEMPTS } from '../delivery/retry-schedule';

export const DELIVERY_QUEUE = 'webhook-deliveries';
export const DELIVERY_JOB = 'deliver';
/** The backoff type whose delays come from the retry schedule (see DeliveryWorker). */
export const DELIVERY_BACKOFF = 'delivery-schedule';

export interface DeliveryJobData {
  deliveryId: string;
  /** The request whose event this delivers and its W3C trace context, for the attempts' log lines and spans. */
  requestId?: string;
  traceparent?: string;
}

/** A due delivery's job data: its id, and the request context when the event had one. */
export function deliveryJobData({ id, requestId, traceparent }: DueDelivery): DeliveryJobData {
  return { deliveryId: id, ...(requestId ? { requestId } : {}), ...(traceparent ? { traceparent } : {}) };
}

/**
 * The job of one delivery. Its id is the delivery's, so queueing the same delivery again
 * (every replica's admission loop does, every poll) is a no-op while the job exists;
 * finished jobs are removed so that a redelivery can be queued again. Only the attempts
 * the delivery has left are given, so a job queued again after an outage does not
 * restart the count.
 */
export function deliveryJobOptions(due: DueDelivery): JobsOptions {
  return {
    jobId: due.id,
    attempts: Math.max(1, MAX_ATTEMPTS - due.attemptCount),
    backoff: { type: DELIVERY_BACKOFF },
    removeOnComplete: true,
    removeOnFail: true,
  };
}

/**
 * How long a worker holds a job before another replica may take it over: longer than
 * the slowest attempt (the answer deadline plus the database writes around it). The
 * lock is renewed at half this while the attempt runs.
 */
export const lockDurationMs = (answerTimeoutMs: number) => answerTimeoutMs + 5_000;

/** The BullMQ queue the dispatcher's admission loop fills and its workers drain. */
@Injectable()
export class DeliveryQueue implements OnModuleDestroy {
  private readonly logger = new Logger(DeliveryQueue.name);
  private readonly queue: Queue<DeliveryJobData>;

  constructor(redis: RedisConnection) {
    // Fail fast while Redis is away: the admission loop tries again on its next poll.
    this.queue = new Queue<DeliveryJobData>(DELIVERY_QUEUE, { connection: { ...redis.options, maxRetriesPerRequest: 1 } });
    // A queue re-emits its connection's errors; without a listener one would end the process.
    this.queue.on('error', (err) => this.logger.warn({ err }, 'the delivery queue lost Redis; it reconnects'));
    instrumentQueue(this.queue);
  }

  async enqueue(due: DueDelivery[]): Promise<void> {
    if (due.length === 0) return;
    await this.queue.addBulk(due.map((delivery) => ({ name: DELIVERY_JOB, data: deliveryJobData(delivery), opts: deliveryJobOptions(delivery) })));
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
  }
}
