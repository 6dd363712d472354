import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type ClaimedDelivery, DeliveriesRepository, type RecordedAttempt } from '@embed/data-access';
import { webhookRule } from '@embed/egress-guard';
import { runJob } from '@embed/service-runtime';
import { DISPATCHER_CONFIG, type DispatcherConfig } from '../dispatcher-config';
import { PollLoop } from '../polling/poll-loop';
import { deliverWebhook, type DeliverySettings } from './deliver-webhook';
import { claimAgain, claimSize, earliestWake, holdLimit, LEASES_PER_PLACE, leaseMs, nextToSend, stillSendable } from './pump-plan';

/** An attempt that is over, waiting for the next cycle to record it; `settle` is told when that cycle committed or failed. */
interface FinishedAttempt {
  attempt: RecordedAttempt;
  settle: (error?: unknown) => void;
}

/** A delivery claimed and waiting in the replica for a place. */
interface HeldDelivery extends ClaimedDelivery {
  claimedAt: number;
}

/**
 * This replica's share of the deliveries (docs/webhooks-dispatch-design.md): in cycles,
 * one at a time, records the attempts that finished since the last cycle and claims due
 * deliveries, in one statement and one commit (the claim keeps the per-project shares and
 * each design's order, and leases what it takes to this replica). It claims ahead: it
 * holds up to LEASES_PER_PLACE times the places it has (each project as many times its
 * share), so that a place freed by an answer takes the next delivery held at once,
 * without waiting for a statement, while the cycles record and claim behind. Each
 * project keeps no more of its attempts in flight than its share. A failed attempt's
 * next time is kept in its row, and a cycle claims it again when it is due. A cycle runs
 * when the relay made deliveries, when an attempt finished (those finishing while a cycle
 * runs wait for the next one, so that under load one statement serves many), at the
 * earliest retry it scheduled, and every WEBHOOK_POLL_MS for what other replicas and the
 * admin command line changed and for leases that ended.
 */
@Injectable()
export class DeliveryPump implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DeliveryPump.name);
  private readonly loop: PollLoop;
  private readonly settings: DeliverySettings;
  /** POSTs in flight: each holds one of the replica's WEBHOOK_CONCURRENCY places until its answer. */
  private readonly posting = new Set<Promise<void>>();
  /** Attempts in flight by project, each within its project's share of places. */
  private readonly inFlight = new Map<string, number>();
  /** Claimed and waiting for a place, in the order claimed (round-robin across projects). */
  private held: HeldDelivery[] = [];
  /** A project's share of places, as the last claim that took something counted it. */
  private places = 0;
  /** Held too long to be sent within their lease: given back by the next cycle. */
  private expired: HeldDelivery[] = [];
  private finished: FinishedAttempt[] = [];
  private retryWake: { at: number; timer: NodeJS.Timeout } | null = null;
  private stopping = false;

  constructor(
    private readonly deliveries: DeliveriesRepository,
    @Inject(DISPATCHER_CONFIG) private readonly config: DispatcherConfig,
  ) {
    this.loop = new PollLoop(() => this.cycle(), config.WEBHOOK_POLL_MS, (err) => this.logger.warn({ err }, 'could not record attempts and claim due deliveries'));
    this.settings = { timeoutMs: config.WEBHOOK_ANSWER_TIMEOUT_MS, retryScale: config.WEBHOOK_RETRY_SCALE, rule: webhookRule(config.WEBHOOK_ALLOW_PRIVATE_URLS) };
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  /** Called when deliveries were made: some may be due now. */
  wake(): void {
    this.loop.wake();
  }

  /**
   * Finishes the attempts in flight and records them before the database closes, claiming
   * nothing more, and gives back the deliveries held and not sent; an interrupted attempt
   * would be claimed again when its lease ends.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.retryWake?.timer);
    await this.loop.stop();
    await Promise.all(this.posting);
    const finished = this.takeFinished();
    if (finished.length > 0) {
      await this.deliveries.recordAttempts(finished.map((entry) => entry.attempt)).then(
        () => finished.forEach((entry) => entry.settle()),
        (error: unknown) => finished.forEach((entry) => entry.settle(error)),
      );
    }
    const unsent = [...this.expired, ...this.held];
    if (unsent.length > 0) await this.deliveries.release(unsent);
  }

  private async cycle(): Promise<boolean> {
    if (this.expired.length > 0) await this.deliveries.release(this.expired.splice(0));
    const size = claimSize(this.posting.size + this.held.length, holdLimit(this.config.WEBHOOK_CONCURRENCY));
    const finished = this.takeFinished();
    if (size === 0 && finished.length === 0) return false;
    const claimedAt = Date.now();
    let claimed: ClaimedDelivery[];
    try {
      claimed = await this.deliveries.recordAndClaim(finished.map((entry) => entry.attempt), {
        window: this.config.WEBHOOK_PROJECT_WINDOW,
        concurrency: this.config.WEBHOOK_CONCURRENCY,
        limit: size,
        leaseMs: leaseMs(this.config.WEBHOOK_ANSWER_TIMEOUT_MS),
        leasesPerPlace: LEASES_PER_PLACE,
      });
    } catch (error) {
      finished.forEach((entry) => entry.settle(error));
      throw error;
    }
    finished.forEach((entry) => entry.settle());
    this.places = claimed.at(-1)?.places ?? this.places;
    this.held.push(...claimed.map((delivery) => ({ ...delivery, claimedAt })));
    this.sendHeld();
    return claimAgain(claimed.length, size) || this.finished.length > 0;
  }

  private takeFinished(): FinishedAttempt[] {
    const finished = this.finished;
    this.finished = [];
    return finished;
  }

  /** Sends held deliveries while places are free, each project within its share. */
  private sendHeld(): void {
    while (!this.stopping && this.posting.size < this.config.WEBHOOK_CONCURRENCY) {
      const next = nextToSend(this.held, this.inFlight, this.places);
      if (next < 0) return;
      const [delivery] = this.held.splice(next, 1);
      if (stillSendable(delivery.claimedAt, Date.now(), this.config.WEBHOOK_ANSWER_TIMEOUT_MS)) this.send(delivery);
      else {
        this.expired.push(delivery);
        this.loop.wake();
      }
    }
  }

  private send(delivery: ClaimedDelivery): void {
    const { projectId } = delivery;
    this.inFlight.set(projectId, (this.inFlight.get(projectId) ?? 0) + 1);
    const posting = this.attempt(delivery).finally(() => {
      this.posting.delete(posting);
      const left = (this.inFlight.get(projectId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(projectId, left);
      else this.inFlight.delete(projectId);
      // Its place is free for the next delivery held; its record (with the design's next delivery) waits for a cycle.
      this.sendHeld();
      this.loop.wake();
    });
    this.posting.add(posting);
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    // The attempt runs in the context of the request whose event it delivers: its log lines name that request.
    const carried = { ...(delivery.requestId ? { requestId: delivery.requestId } : {}), ...(delivery.traceparent ? { traceparent: delivery.traceparent } : {}) };
    let attempt: RecordedAttempt;
    try {
      attempt = await runJob('webhook deliver', carried, () => deliverWebhook(delivery, this.settings));
    } catch (err) {
      this.logger.warn({ deliveryId: delivery.id, err }, 'a webhook attempt failed before its outcome was known; the delivery is claimed again when its lease ends');
      return;
    }
    this.finished.push({
      attempt,
      settle: (error) => {
        if (error) this.logger.warn({ deliveryId: delivery.id, err: error }, 'could not record a webhook attempt; the delivery is claimed again when its lease ends');
        else if (attempt.next.status === 'pending') this.wakeAt(Date.now() + attempt.next.retryInMs);
      },
    });
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
