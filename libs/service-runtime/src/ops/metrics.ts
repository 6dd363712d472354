import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** The process's Prometheus registry: Node's own metrics plus ours, served on the ops port. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Messages a service handled over NATS, by subject and outcome (`ok`, an error code, or `exception`). */
export const messageDuration = new Histogram({
  name: 'embed_nats_message_duration_seconds',
  help: 'Time to handle a NATS request, by subject and outcome',
  labelNames: ['subject', 'outcome'],
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Requests the gateway sent over NATS, by subject and outcome (`ok`, an error code, or `unavailable`). */
export const serviceCallDuration = new Histogram({
  name: 'embed_nats_request_duration_seconds',
  help: 'Time for a service to answer a NATS request, seen by the caller',
  labelNames: ['subject', 'outcome'],
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** HTTP requests, by route pattern (never the raw URL: ids would explode the label set) and status. */
export const httpDuration = new Histogram({
  name: 'embed_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route and status',
  labelNames: ['method', 'route', 'status'],
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const httpRequests = new Counter({
  name: 'embed_http_requests_total',
  help: 'HTTP requests answered, by method, route and status',
  labelNames: ['method', 'route', 'status'],
  registers: [metricsRegistry],
});

/** The outcome label of a service reply: `ok`, or the error code it carries. */
export function replyOutcome(reply: unknown): string {
  if (reply && typeof reply === 'object' && 'ok' in reply) {
    const { ok, error } = reply as { ok: boolean; error?: { code?: string } };
    return ok ? 'ok' : (error?.code ?? 'error');
  }
  return 'ok';
}
