import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { finalize, type Observable, tap } from 'rxjs';
import { BACKEND_SERVICES, pingSubject } from '@embed/contracts';
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

const PING_SUBJECTS = new Set<string>(BACKEND_SERVICES.map(pingSubject));

/**
 * Marks each handled message in flight until its reply has been published, times it by
 * subject and outcome for the metrics, writes its one log line (the request context's
 * fields come from the logger's mixin) and ends its span when tracing is on.
 */
@Injectable()
export class InFlightInterceptor implements NestInterceptor {
  private readonly logger = new Logger('NatsMessage');

  constructor(private readonly tracker: InFlightTracker) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    this.tracker.enter();
    const subject = context.switchToRpc().getContext<NatsContext>().getSubject();
    const stopTimer = messageDuration.startTimer({ subject });
    const span = trace.getActiveSpan();
    const done = (outcome: string) => {
      const durationMs = Math.round(stopTimer({ outcome }) * 1000);
      span?.setAttribute('embed.outcome', outcome);
      if (outcome === 'exception') span?.setStatus({ code: SpanStatusCode.ERROR });
      // Readiness pings come every few seconds; they are worth a line only when debugging.
      if (PING_SUBJECTS.has(subject)) this.logger.debug({ subject, outcome, durationMs }, 'message handled');
      else this.logger.log({ subject, outcome, durationMs }, 'message handled');
    };
    return next.handle().pipe(
      tap({ next: (reply) => done(replyOutcome(reply)), error: () => done('exception') }),
      finalize(() => {
        span?.end();
        this.tracker.leave();
      }),
    );
  }
}
