/** W3C trace context as it travels: in HTTP and NATS headers, job data and outbox rows. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

/**
 * Who asked for the work being done: the gateway's request id, the W3C trace context of
 * this hop, and when the caller stops waiting. It travels in NATS headers beside every
 * message, and is handed to data access as a parameter: outbox events keep its id and
 * trace, and writes refuse to commit past its deadline.
 */
export interface RequestContext extends TraceCarrier {
  requestId: string;
  /** When the caller stops waiting (epoch milliseconds): work past it is refused, writes past it are not committed. */
  deadline?: number;
}
