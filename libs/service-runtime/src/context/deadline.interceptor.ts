import { type CallHandler, Injectable, type NestInterceptor } from '@nestjs/common';
import { catchError, type Observable, of, throwError } from 'rxjs';
import { DeadlinePassedError, fail } from '@embed/contracts';
import { timeLeftMs } from './deadline';

const tooLate = (why: string) => fail(503, 'service_unavailable', `${why}; nothing was changed`);

/**
 * Keeps a service within its caller's deadline: a message that arrives after it (it
 * waited in NATS, or the process was paused) is refused unread, and a write that
 * refused to commit past it (DeadlinePassedError, see assertBeforeDeadline in @embed/contracts) is answered
 * 503 like any other unavailability. Nobody is waiting for either answer any more; they
 * keep the metrics and logs true.
 */
@Injectable()
export class DeadlineInterceptor implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler): Observable<unknown> {
    const left = timeLeftMs();
    if (left !== undefined && left <= 0) return of(tooLate(`the request's deadline passed ${-left} ms before it was handled`));
    return next.handle().pipe(catchError((error: unknown) => (error instanceof DeadlinePassedError ? of(tooLate(error.message)) : throwError(() => error))));
  }
}
