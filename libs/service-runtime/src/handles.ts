import { MessagePattern } from '@nestjs/microservices';
import { checkRequest, type ReplyOf, type RequestContext, type RequestOf, requestCheckOf, type Subject } from '@embed/contracts';
import { currentRequestContext } from './context/hops';

/** What handles a subject: its checked request and the request context it came with, to its reply. */
export type SubjectHandler<S extends Subject> = (request: RequestOf<S>, context: RequestContext) => ReplyOf<S> | Promise<ReplyOf<S>>;

/**
 * How a service answers a payload of `subject`: checked against the subject's request
 * schema first (@embed/contracts), so a payload it does not take is answered with the
 * one refusal every service gives (400 request_invalid naming the field) and never
 * reaches `handle`; the request context the message's headers carried goes along as a
 * parameter, for data access to work to its deadline and record its id and trace.
 */
export function answering<S extends Subject>(subject: S, handle: SubjectHandler<S>): (payload: unknown) => ReplyOf<S> | Promise<ReplyOf<S>> {
  return (payload) => {
    const checked = checkRequest(subject, payload);
    if (!checked.ok) return checked as ReplyOf<S>;
    return handle(checked.value, currentRequestContext() ?? { requestId: '' });
  };
}

/**
 * Marks a controller method as the handler of `subject` (Nest's @MessagePattern), typed by
 * the subject: the method takes the subject's request and answers its reply, and is only
 * called with a payload the subject's schema takes (see `answering`). The check is compiled
 * here, as the service loads, not on its first message.
 */
export function Handles<S extends Subject>(subject: S) {
  requestCheckOf(subject);
  return <H extends SubjectHandler<S>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>): void => {
    const handle = descriptor.value as H;
    descriptor.value = function (this: unknown, payload: unknown) {
      return answering(subject, (request, context) => handle.call(this, request, context))(payload);
    } as unknown as H;
    MessagePattern(subject)(target, key, descriptor);
  };
}
