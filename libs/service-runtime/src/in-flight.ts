import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { finalize, type Observable, tap } from 'rxjs';
import { messageDuration, replyOutcome } from './ops/metrics';

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

/**
 * Marks each handled message in flight until its reply has been published, and times
 * it by subject and outcome for the metrics.
 */
@Injectable()
export class InFlightInterceptor implements NestInterceptor {
  constructor(private readonly tracker: InFlightTracker) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    this.tracker.enter();
    const subject = context.switchToRpc().getContext<NatsContext>().getSubject();
    const stopTimer = messageDuration.startTimer({ subject });
    return next.handle().pipe(
      tap({ next: (reply) => stopTimer({ outcome: replyOutcome(reply) }), error: () => stopTimer({ outcome: 'exception' }) }),
      finalize(() => this.tracker.leave()),
    );
  }
}
