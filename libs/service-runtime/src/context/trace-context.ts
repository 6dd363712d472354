import { ROOT_CONTEXT, type SpanContext, TraceFlags, defaultTextMapGetter, defaultTextMapSetter, isSpanContextValid, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { TraceCarrier } from '@embed/contracts';
import { pooledRandomBytes } from '@embed/credentials';

export type { TraceCarrier };

const propagator = new W3CTraceContextPropagator();

const randomHex = (bytes: number) => pooledRandomBytes(bytes).toString('hex');

/** The span context a carrier names, or undefined when it has none or a malformed one. */
export function readTrace(carrier: TraceCarrier | undefined): SpanContext | undefined {
  if (!carrier?.traceparent) return undefined;
  const context = propagator.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter);
  return trace.getSpanContext(context);
}

/** The `traceparent` (and `tracestate`, when there is one) of a span context. */
export function writeTrace(spanContext: SpanContext): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagator.inject(trace.setSpanContext(ROOT_CONTEXT, spanContext), carrier, defaultTextMapSetter);
  return carrier;
}

/**
 * A new span in the trace of `parent`, for a hop that no tracer records: a fresh span id
 * with the parent's trace id, flags and state, or the root of a new trace (not sampled,
 * since nothing records it) when there is no valid parent.
 */
export function childSpanContext(parent: SpanContext | undefined): SpanContext {
  const spanId = randomHex(8);
  if (parent && isSpanContextValid(parent)) {
    return { traceId: parent.traceId, spanId, traceFlags: parent.traceFlags, traceState: parent.traceState };
  }
  return { traceId: randomHex(16), spanId, traceFlags: TraceFlags.NONE };
}
