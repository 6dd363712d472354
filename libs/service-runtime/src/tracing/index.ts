// The tracing entry point (`@embed/service-runtime/tracing`), apart from the rest of the
// lib: each service's main.ts loads it before anything else, because OpenTelemetry's
// instrumentations patch http, pg and ioredis as they are first required.
import { tracingEnabled, tracingSpecs } from '@embed/config';
import { loadConfigOrExit } from '../config-or-exit';

/** Starts OpenTelemetry for `service` when the configuration turns it on; otherwise loads none of it. */
export function startTracing(service: string): void {
  const config = loadConfigOrExit(tracingSpecs);
  if (!tracingEnabled(config)) return;
  // Required only here, so that with tracing off the SDK is never loaded.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startSdk } = require('./sdk') as typeof import('./sdk');
  startSdk(config.OTEL_SERVICE_NAME ?? service);
}
