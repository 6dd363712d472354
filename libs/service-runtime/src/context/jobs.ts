import { SpanKind } from '@opentelemetry/api';
import { currentRequestContext, openHop } from './hops';
import type { TraceCarrier } from './trace-context';

/** What a queued job carries in its data of the request that queued it. */
export interface JobContext extends TraceCarrier {
  requestId?: string;
}

/** The current request's context, to put in the data of a job it queues; empty outside a request. */
export function jobContext(): JobContext {
  const context = currentRequestContext();
  if (!context) return {};
  const { requestId, traceparent, tracestate } = context;
  return { ...(requestId ? { requestId } : {}), ...(traceparent ? { traceparent } : {}), ...(tracestate ? { tracestate } : {}) };
}

/** Runs a job as a hop of the request that queued it: its log lines carry that request's id and trace. */
export async function runJob<T>(name: string, carried: JobContext, work: () => Promise<T>): Promise<T> {
  const hop = openHop(name, SpanKind.CONSUMER, carried.requestId ?? '', carried);
  try {
    const result = await hop.run(work);
    hop.end();
    return result;
  } catch (error) {
    hop.end(error);
    throw error;
  }
}
