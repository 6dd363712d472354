import type { IncomingMessage } from 'node:http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** The operators' port answers scrapes and probes every few seconds: no trace is worth that. */
const OPS_PATHS = /^\/(?:metrics|healthz|readyz)(?:\?|$)/;

/**
 * The tracer provider (W3C trace context propagation, AsyncLocalStorage context) with
 * the OTLP/HTTP exporter, which reads its address and headers from the OTEL_EXPORTER_OTLP_*
 * variables, and the instrumentations of the libraries under the services. Fastify has
 * none that installs beside these versions; the http instrumentation's server span
 * covers each gateway request.
 */
export function startSdk(service: string): void {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request: IncomingMessage) => OPS_PATHS.test(request.url ?? '') }),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
}
