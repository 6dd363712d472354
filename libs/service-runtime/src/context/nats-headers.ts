import { headers, type MsgHdrs } from 'nats';
import type { RequestContext } from './request-context';

// Header names as in HTTP: the request context travels beside the message, never in its payload.
const REQUEST_ID = 'request-id';
const TRACEPARENT = 'traceparent';
const TRACESTATE = 'tracestate';

/** NATS message headers carrying a request context. */
export function natsHeadersOf(context: RequestContext): MsgHdrs {
  const carried = headers();
  if (context.requestId) carried.set(REQUEST_ID, context.requestId);
  if (context.traceparent) carried.set(TRACEPARENT, context.traceparent);
  if (context.tracestate) carried.set(TRACESTATE, context.tracestate);
  return carried;
}

/** The request context a message's headers carry; empty fields when the sender sent none. */
export function requestContextOf(carried: MsgHdrs | undefined): RequestContext {
  const read = (name: string) => (carried?.has(name) ? carried.get(name) : undefined);
  return { requestId: read(REQUEST_ID) ?? '', traceparent: read(TRACEPARENT), tracestate: read(TRACESTATE) };
}
