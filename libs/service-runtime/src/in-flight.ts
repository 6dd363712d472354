import { Logger } from '@nestjs/common';
import { BACKEND_SERVICES, pingSubject } from '@embed/contracts';
import type { Hop } from './context/hops';
import { messageDuration } from './ops/metrics';

/** Counts messages being handled, so that a stopping service can wait for them. */
export class InFlightTracker {
  private count = 0;
  private waiters: (() => void)[] = [];

  get size(): number {
    return this.count;
  }

  enter(): void {
    this.count++;
  }

  leave(): void {
    this.count--;
    if (this.count === 0) this.waiters.splice(0).forEach((wake) => wake());
  }

  /** Resolves true once nothing is in flight, or false when `maxMs` passes first. */
  idle(maxMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), maxMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

const PING_SUBJECTS = new Set<string>(BACKEND_SERVICES.map(pingSubject));
const logger = new Logger('NatsMessage');

/**
 * One message being handled: in flight from its arrival until its reply has been
 * published, then timed by subject and outcome for the metrics, given its one log line
 * (the request context's fields come from the logger's mixin) and its span ended, once.
 */
export class HandledMessage {
  private readonly stopTimer: (labels: { outcome: string }) => number;
  private finished = false;

  constructor(
    private readonly subject: string,
    private readonly hop: Hop,
    private readonly tracker: InFlightTracker,
  ) {
    tracker.enter();
    this.stopTimer = messageDuration.startTimer({ subject });
  }

  /** `outcome` is the reply's (see replyOutcome), or `exception` when the handler failed. */
  finish(outcome: string): void {
    if (this.finished) return;
    this.finished = true;
    const durationMs = Math.round(this.stopTimer({ outcome }) * 1000);
    const subject = this.subject;
    // Readiness pings come every few seconds; they are worth a line only when debugging.
    if (PING_SUBJECTS.has(subject)) logger.debug({ subject, outcome, durationMs }, 'message handled');
    else logger.log({ subject, outcome, durationMs }, 'message handled');
    this.hop.end(outcome === 'exception' ? new Error(`the handler of ${subject} failed`) : undefined, outcome);
    this.tracker.leave();
  }
}
