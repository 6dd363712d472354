// Loaded first by main.ts: OpenTelemetry, when configured, must start before the libraries it instruments load.
import { startTracing } from '@embed/service-runtime/tracing';

startTracing('erasure');
