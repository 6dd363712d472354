import { bool, num, port, str, url } from 'envalid';
import profiles from './local-profiles.json';

// Defaults point at the stack that `npm start` runs on loopback, so nothing needs
// configuring locally; deployments set every variable (see deploy/).
const local = profiles.start;

export const runtimeSpecs = {
  LOG_LEVEL: str({ choices: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' }),
  /** How long a stopping service waits for in-flight work before it exits anyway. */
  SHUTDOWN_GRACE_MS: num({ default: 10_000 }),
  /** The operators' port (/healthz, /readyz, /metrics), apart from the public API; 0 turns it off. */
  OPS_PORT: num({ default: 0 }),
  OPS_HOST: str({ default: '127.0.0.1' }),
};

export const natsSpecs = {
  NATS_URL: url({ default: `nats://127.0.0.1:${local.ports.nats}` }),
};

export const databaseSpecs = {
  DATABASE_URL: url({ default: `postgresql://postgres@127.0.0.1:${local.ports.postgres}/${local.database}` }),
};

export const redisSpecs = {
  REDIS_URL: url({ default: `redis://127.0.0.1:${local.ports.redis}` }),
};

export const httpSpecs = {
  HTTP_PORT: port({ default: local.ports.http }),
  /** Loopback by default; containers set 0.0.0.0. */
  HTTP_HOST: str({ default: '127.0.0.1' }),
};

export const cursorSpecs = {
  /**
   * Signs list cursors so an altered one is refused. Every replica of a service must
   * share it; changing it only invalidates cursors in flight. Required in production
   * (NODE_ENV=production): the local default is public.
   */
  CURSOR_SECRET: str({ devDefault: 'local-cursor-secret-not-for-deployments' }),
};

export const webhookUrlSpecs = {
  /**
   * Whether webhook URLs may be http or resolve to loopback, private or link-local
   * addresses. Allowed by default outside production (NODE_ENV=production, as the
   * deployment image sets) so that `npm start` and the tests can use local receivers.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: bool({ default: false, devDefault: true }),
};

export const webhookDeliverySpecs = {
  ...webhookUrlSpecs,
  /** How long a receiver has to answer before the attempt counts as failed (spec §8: 10 s). */
  WEBHOOK_ANSWER_TIMEOUT_MS: num({ default: 10_000 }),
  /** Multiplies the retry schedule; tests shrink it to run hours of backoff in seconds. */
  WEBHOOK_RETRY_SCALE: num({ default: 1 }),
  /** Webhook POSTs in flight at once per dispatcher replica. */
  WEBHOOK_CONCURRENCY: num({ default: 64 }),
  /** Deliveries of one project queued at once: one busy or slow project cannot fill the queue for the others. */
  WEBHOOK_PROJECT_WINDOW: num({ default: 16 }),
  /** How often the outbox and due deliveries are looked at when nothing wakes the dispatcher sooner. */
  WEBHOOK_POLL_MS: num({ default: 200 }),
};

export const storageSpecs = {
  /** Where exported files and uploaded images live: `filesystem` (one machine) or `s3` (Kubernetes). */
  STORAGE_DRIVER: str({ choices: ['filesystem', 's3'], default: 'filesystem' }),
  /** Filesystem driver: the directory shared by the gateway, designs and renderer. */
  STORAGE_DIR: str({ default: '.local/start/storage' }),
  /** Signs the gateway's download links of filesystem-stored files. Required in production. */
  STORAGE_SIGNING_SECRET: str({ devDefault: 'local-storage-secret-not-for-deployments' }),
  /** The gateway's public address: uploaded images' links and relative download links start with it. Required in production. */
  PUBLIC_BASE_URL: url({ devDefault: `http://127.0.0.1:${local.ports.http}` }),
  /** How long an exported file's link works (and the file is kept), in hours. */
  EXPORT_RETENTION_HOURS: num({ default: 24 }),
  /** S3 driver: bucket, region and, for S3-compatible stores, the endpoint (path-style addressing then). */
  S3_BUCKET: str({ default: '' }),
  S3_REGION: str({ default: 'us-east-1' }),
  S3_ENDPOINT: str({ default: '' }),
  /**
   * Where people download from, when it differs from where the services reach the store
   * (compose: the services use http://minio:9000, a browser http://localhost:9000). A
   * presigned link's signature covers its host, so links are signed for this address.
   */
  S3_PUBLIC_ENDPOINT: str({ default: '' }),
};

/**
 * OpenTelemetry tracing, named as the OpenTelemetry SDKs name them. It is on when an
 * OTLP endpoint is set (and OTEL_SDK_DISABLED is not true); off, none of the SDK loads.
 * Spans go as JSON over HTTP, the one protocol this build ships an exporter for.
 */
export const tracingSpecs = {
  OTEL_SDK_DISABLED: bool({ default: false }),
  /** The collector's base address; spans go to its /v1/traces. */
  OTEL_EXPORTER_OTLP_ENDPOINT: url({ default: undefined }),
  /** The full address for spans, instead of the base address. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url({ default: undefined }),
  OTEL_EXPORTER_OTLP_PROTOCOL: str({ choices: ['http/json'], default: 'http/json' }),
  /** Overrides the service's own name in its spans. */
  OTEL_SERVICE_NAME: str({ default: undefined }),
};

/** Whether a configuration of `tracingSpecs` turns tracing on. */
export const tracingEnabled = (config: {
  OTEL_SDK_DISABLED: boolean;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
}) => !config.OTEL_SDK_DISABLED && Boolean(config.OTEL_EXPORTER_OTLP_ENDPOINT || config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
