import { headers, type MsgHdrs } from 'nats';
import type { RequestContext } from './hops';

// Header names as in HTTP: the request context travels beside the message, never in its payload.
const REQUEST_ID = 'request-id';
const TRACEPARENT = 'traceparent';
const TRACESTATE = 'tracestate';
// The caller's deadline as epoch milliseconds: absolute, so the time a message waits in NATS counts too.
const DEADLINE = 'deadline';

/** NATS message headers carrying a request context. */
export function natsHeadersOf(context: RequestContext): MsgHdrs {
  const carried = headers();
  if (context.requestId) carried.set(REQUEST_ID, context.requestId);
  if (context.traceparent) carried.set(TRACEPARENT, context.traceparent);
  if (context.tracestate) carried.set(TRACESTATE, context.tracestate);
  if (context.deadline !== undefined) carried.set(DEADLINE, String(context.deadline));
  return carried;
}

/** The request context a message's headers carry; empty fields (and no deadline) when the sender sent none. */
export function requestContextOf(carried: MsgHdrs | undefined): RequestContext {
  const read = (name: string) => (carried?.has(name) ? carried.get(name) : undefined);
  const deadline = Number(read(DEADLINE) ?? Number.NaN);
  return {
    requestId: read(REQUEST_ID) ?? '',
    traceparent: read(TRACEPARENT),
    tracestate: read(TRACESTATE),
    ...(Number.isSafeInteger(deadline) ? { deadline } : {}),
  };
}
