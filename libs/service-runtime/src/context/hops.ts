import { AsyncLocalStorage } from 'node:async_hooks';
import { type Context, context as otelContext, ROOT_CONTEXT, type Span, type SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { RequestContext, TraceCarrier } from '@embed/contracts';
import { childSpanContext, readTrace, writeTrace } from './trace-context';

export type { RequestContext };

const storage = new AsyncLocalStorage<RequestContext>();

/** The context of the request or job being handled here, if any. */
export const currentRequestContext = (): RequestContext | undefined => storage.getStore();

/** Runs `work` as part of `context`: log lines, outgoing messages and outbox events carry it. */
export const runInRequestContext = <T>(context: RequestContext, work: () => T): T => storage.run(context, work);

/** The fields every log line written for a request or job carries. */
export function logFieldsOf(context: RequestContext): { requestId: string; trace_id?: string; span_id?: string } {
  const span = readTrace(context);
  return { requestId: context.requestId, trace_id: span?.traceId, span_id: span?.spanId };
}

/** The log fields of the request or job being handled here; none outside one. */
export function contextLogFields(): { requestId?: string; trace_id?: string; span_id?: string } {
  const context = storage.getStore();
  return context ? logFieldsOf(context) : {};
}

/** One hop of a request (a NATS request sent, a message or job handled): its context and span. */
export interface Hop {
  readonly context: RequestContext;
  /** Runs `work` inside this hop: in its request context and, with tracing on, its span. */
  run<T>(work: () => T): T;
  /** Ends its span; `outcome` (a reply's, see replyOutcome) is kept on it when given. */
  end(error?: unknown, outcome?: string): void;
}

const tracer = trace.getTracer('embed-service-runtime');

/**
 * Opens a hop as a child of `parent`, working to `deadline` when the request has one. With OpenTelemetry on (see tracing/), the span is
 * recorded and exported; with it off, the API's tracer is a no-op that hands back the
 * parent's ids, so the hop gets a span id of its own here: each hop is still a child.
 */
export function openHop(name: string, kind: SpanKind, requestId: string, parent: TraceCarrier | undefined, deadline?: number): Hop {
  const parentSpan = readTrace(parent);
  const parentContext: Context = parentSpan ? trace.setSpanContext(ROOT_CONTEXT, parentSpan) : ROOT_CONTEXT;
  const span: Span = tracer.startSpan(name, { kind, attributes: { 'embed.request_id': requestId } }, parentContext);
  const fromTracer = trace.isSpanContextValid(span.spanContext()) && span.spanContext().spanId !== parentSpan?.spanId;
  const own = fromTracer ? span.spanContext() : childSpanContext(parentSpan);
  const context: RequestContext = { requestId, ...writeTrace(own), ...(deadline === undefined ? {} : { deadline }) };
  const spanContext = trace.setSpan(parentContext, fromTracer ? span : trace.wrapSpanContext(own));
  return {
    context,
    run: (work) => otelContext.with(spanContext, () => storage.run(context, work)),
    end: (error, outcome) => {
      if (outcome !== undefined) span.setAttribute('embed.outcome', outcome);
      if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      span.end();
    },
  };
}

/**
 * The context of an HTTP request entering the gateway: the server span that
 * OpenTelemetry's http instrumentation opened for it when tracing is on, else a child
 * of the caller's `traceparent` (or a new trace).
 */
export function httpRequestContext(requestId: string, headers: Record<string, string | string[] | undefined>): RequestContext {
  const active = trace.getSpanContext(otelContext.active());
  const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
  const own = active && trace.isSpanContextValid(active) ? active : childSpanContext(readTrace({ traceparent: single(headers['traceparent']), tracestate: single(headers['tracestate']) }));
  return { requestId, ...writeTrace(own) };
}
