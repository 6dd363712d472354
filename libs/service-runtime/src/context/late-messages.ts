import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import type { MessageHandler } from '@nestjs/microservices';
import { type Observable, of } from 'rxjs';
import { DeadlinePassedError, fail, type ServiceReply } from '@embed/contracts';
import { timeLeftMs } from './deadline';

const tooLate = (why: string): ServiceReply<never> => fail(503, 'service_unavailable', `${why}; nothing was changed`);

/**
 * A message handler that refuses, unread, a message arriving after its caller's
 * deadline (it waited in NATS, or the process was paused): nobody waits for its answer
 * any more, and the 503 keeps the metrics and logs true. It wraps each handler once, at
 * registration, so a message in time costs one clock read.
 */
export function refusingLateMessages(handler: MessageHandler): MessageHandler {
  return async (data: unknown, context?: unknown) => {
    const left = timeLeftMs();
    if (left !== undefined && left <= 0) return tooLate(`the request's deadline passed ${-left} ms before it was handled`);
    return handler(data, context);
  };
}

/** A write that refused to commit past the deadline (see assertBeforeDeadline in @embed/contracts) is answered 503 like any other unavailability. */
@Catch(DeadlinePassedError)
export class DeadlinePassedFilter implements RpcExceptionFilter<DeadlinePassedError> {
  catch(error: DeadlinePassedError): Observable<ServiceReply<never>> {
    return of(tooLate(error.message));
  }
}
