import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type ClaimedDelivery, DeliveriesRepository, type RecordedAttempt } from '@embed/data-access';
import { webhookRule } from '@embed/egress-guard';
import { runJob } from '@embed/service-runtime';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher-config';
import { PollLoop } from '../polling/poll-loop';
import { deliverWebhook, type DeliverySettings } from './deliver-webhook';
import { MicroBatch } from './micro-batch';
import { claimAgain, claimSize, earliestWake, leaseMs } from './pump-plan';

/** Records per statement, and statements at once, so that one being written does not hold up the next. */
const RECORD_LIMITS = { maxSize: 64, maxRunning: 2 };

/**
 * This replica's share of the deliveries (docs/webhooks-dispatch-design.md): claims due
 * deliveries from the database in batches, each leased to this replica (the claim keeps
 * the per-project window and each design's order), POSTs them, and records the attempts
 * finishing at the same moment in one statement. A failed attempt's next time is kept in
 * its row, and the pump claims it again when it is due. It runs when the relay made
 * deliveries, when one of its attempts finished, at the earliest retry it scheduled, and
 * every WEBHOOK_POLL_MS for what other replicas and the admin command line changed and
 * for leases that ended.
 */
@Injectable()
export class DeliveryPump implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DeliveryPump.name);
  private readonly loop: PollLoop;
  private readonly records: MicroBatch<RecordedAttempt, undefined>;
  private readonly settings: DeliverySettings;
  private readonly attempts = new Set<Promise<void>>();
  /** Deliveries whose attempt is over and whose record is being written: their place in the window is free. */
  private readonly finishing = new Set<string>();
  private retryWake: { at: number; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    @Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig,
  ) {
    this.loop = new PollLoop(() => this.claimAndSend(), config.WEBHOOK_POLL_MS, (err) => this.logger.warn({ err }, 'could not claim due deliveries'));
    this.records = new MicroBatch(async (attempts: RecordedAttempt[]) => {
      await this.deliveries.recordAttempts(attempts);
      return attempts.map(() => undefined);
    }, RECORD_LIMITS);
    this.settings = { timeoutMs: config.WEBHOOK_ANSWER_TIMEOUT_MS, retryScale: config.WEBHOOK_RETRY_SCALE, rule: webhookRule(config.WEBHOOK_ALLOW_PRIVATE_URLS) };
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  /** Called when deliveries were made: some may be due now. */
  wake(): void {
    this.loop.wake();
  }

  /** Finishes and records the attempts in hand before the database closes; an interrupted one would be claimed again when its lease ends. */
  async onModuleDestroy(): Promise<void> {
    clearTimeout(this.retryWake?.timer);
    await this.loop.stop();
    await Promise.all(this.attempts);
  }

  private async claimAndSend(): Promise<boolean> {
    const size = claimSize(this.attempts.size - this.finishing.size, this.config.WEBHOOK_CONCURRENCY);
    if (size === 0) return false;
    const claimed = await this.deliveries.claimDue({
      window: this.config.WEBHOOK_PROJECT_WINDOW,
      concurrency: this.config.WEBHOOK_CONCURRENCY,
      limit: size,
      leaseMs: leaseMs(this.config.WEBHOOK_ANSWER_TIMEOUT_MS),
      finishing: [...this.finishing],
    });
    for (const delivery of claimed) this.send(delivery);
    return claimAgain(claimed.length, size);
  }

  private send(delivery: ClaimedDelivery): void {
    const attempt = this.attemptAndRecord(delivery).finally(() => {
      this.attempts.delete(attempt);
      // The design's next delivery may be free to go.
      this.loop.wake();
    });
    this.attempts.add(attempt);
  }

  private async attemptAndRecord(delivery: ClaimedDelivery): Promise<void> {
    try {
      // The attempt runs in the context of the request whose event it delivers: its log lines name that request.
      const carried = { ...(delivery.requestId ? { requestId: delivery.requestId } : {}), ...(delivery.traceparent ? { traceparent: delivery.traceparent } : {}) };
      const attempt = await runJob('webhook deliver', carried, () => deliverWebhook(delivery, this.settings));
      this.finishing.add(delivery.id);
      // Its place in the window is free: the next delivery of the project may go while this one is recorded.
      this.loop.wake();
      await this.records.call(attempt);
      if (attempt.next.status === 'pending') this.wakeAt(Date.now() + attempt.next.retryInMs);
    } catch (err) {
      this.logger.warn({ deliveryId: delivery.id, err }, 'could not record a webhook attempt; the delivery is claimed again when its lease ends');
    } finally {
      this.finishing.delete(delivery.id);
    }
  }

  private wakeAt(at: number): void {
    const now = Date.now();
    const wakeAt = earliestWake(this.retryWake?.at ?? null, at, now);
    if (this.retryWake?.at === wakeAt) return;
    clearTimeout(this.retryWake?.timer);
    this.retryWake = {
      at: wakeAt,
      timer: setTimeout(() => {
        this.retryWake = null;
        this.loop.wake();
      }, wakeAt - now),
    };
  }
}
