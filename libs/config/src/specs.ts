import { bool, EnvError, makeValidator, num, port, str, url } from 'envalid';
import { LONGEST_BUDGET_MS } from '@embed/contracts';
import profiles from './local-profiles.json';
import { localStackOnly } from './local-only';
import { secret } from './secrets';

// Defaults point at the stack that `npm start` runs on loopback, so nothing needs
// configuring locally; deployments set every variable (see deploy/). A `devDefault`
// applies on a local stack only (EMBED_LOCAL_STACK=1, see load-config.ts).
const local = profiles.start;

/** A whole number above zero, such as an interval in milliseconds: 0 or a negative one would spin or never run. */
export const positiveInt = makeValidator<number>((input) => {
  const value = Number(input);
  if (!Number.isSafeInteger(value) || value <= 0) throw new EnvError(`must be a whole number above 0, not "${input}"`);
  return value;
});

/** A share from 0 to 1, such as the part of requests sampled for a check. */
export const fraction = makeValidator<number>((input) => {
  const value = Number(input);
  if (input.trim() === '' || !(value >= 0 && value <= 1)) throw new EnvError(`must be a number from 0 to 1, not "${input}"`);
  return value;
});

/**
 * How long a stopping service may finish work it has taken: never less than the longest
 * budget of a request (libs/contracts/src/deadlines.ts), or a request taken just before the
 * stop would be cut off while its deadline still holds, the last link of the deadline chain.
 */
export const shutdownGraceMs = makeValidator<number>((input) => {
  const value = Number(input);
  if (!Number.isSafeInteger(value) || value < LONGEST_BUDGET_MS) {
    throw new EnvError(
      `must be a whole number of at least ${LONGEST_BUDGET_MS}, the longest budget of a request (libs/contracts/src/deadlines.ts), not "${input}": a stopping service would cut off work inside its deadline`,
    );
  }
  return value;
});

/** A factor above 0 and at most 1, such as a test stack's scale of time. */
export const timeScale = makeValidator<number>((input) => {
  const value = Number(input);
  if (!Number.isFinite(value) || value <= 0 || value > 1) throw new EnvError(`must be a number above 0 and at most 1, not "${input}"`);
  return value;
});

export const testTimeSpecs = {
  /**
   * Test stacks only (refused off its default unless EMBED_LOCAL_STACK=1): multiplies the
   * gateway's rate-limit windows (60 s), so that the end-to-end tests wait out a shorter
   * window (30 s on the test stack). The limits and the documented policy stay as they are;
   * the RateLimit-Policy header and Retry-After tell the window actually applied.
   */
  TEST_TIME_SCALE: localStackOnly(timeScale({ default: 1 })),
};

export const runtimeSpecs = {
  /** The least severe log lines written (JSON lines on stdout, by pino). */
  LOG_LEVEL: str({ choices: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' }),
  /** How long a stopping service waits for in-flight work before it exits anyway. At least the longest budget of a request (15 s, `libs/contracts/src/deadlines.ts`): a shorter one is refused at start-up, since a service stopping sooner would cut off work inside its deadline. */
  SHUTDOWN_GRACE_MS: shutdownGraceMs({ default: 20_000 }),
  /** The operators' port (/healthz, /readyz, /metrics), apart from the public API; 0 turns it off. */
  OPS_PORT: num({ default: 0 }),
  /** The address the operators' port listens on; containers set 0.0.0.0 so probes and scrapes reach it. */
  OPS_HOST: str({ default: '127.0.0.1' }),
};

export const natsSpecs = {
  /** The NATS server the services talk over; its max_payload must be at least 8 MB (deploy/nats/nats.conf). */
  NATS_URL: secret(url({ default: `nats://127.0.0.1:${local.ports.nats}` }), 'url-password'),
};

export const databaseSpecs = {
  /** The PostgreSQL database (one schema, prisma/schema.prisma), as a connection URL. */
  DATABASE_URL: secret(url({ default: `postgresql://postgres@127.0.0.1:${local.ports.postgres}/${local.database}` }), 'url-password'),
  /**
   * Connections this process opens to PostgreSQL at most (its pool); a query finding them
   * all busy waits for one. Every replica of every service that uses the database counts
   * against the server's max_connections: deploy/README.md, "Sizing", has the arithmetic.
   */
  DATABASE_POOL_SIZE: positiveInt({ default: 10 }),
  /**
   * How long, in milliseconds, a connection to PostgreSQL may take to open, and a query may
   * wait for a free one; past it the query fails as the database being unavailable (503,
   * nothing changed). A server that does not answer at all (a network partition, a firewall
   * dropping packets) would otherwise hold each for as long as the kernel retries, minutes.
   * The default, 15 s, is the longest budget of a request, after which none could use it.
   */
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt({ default: LONGEST_BUDGET_MS }),
  /**
   * Whether the statements run on every request and webhook delivery are prepared once per
   * connection. Off only behind a pooler that cannot keep them: PgBouncer before 1.21, or
   * with `max_prepared_statements = 0` (deploy/README.md, "PgBouncer").
   */
  DATABASE_PREPARED_STATEMENTS: bool({ default: true }),
};

export const redisSpecs = {
  /** Redis for BullMQ's durable jobs and the rate limits' counters; it must run with `maxmemory-policy noeviction`. */
  REDIS_URL: secret(url({ default: `redis://127.0.0.1:${local.ports.redis}` }), 'url-password'),
};

export const httpSpecs = {
  /** The port of the public API (the server API, the editor API and the editor's files). */
  HTTP_PORT: port({ default: local.ports.http }),
  /** Loopback by default; containers set 0.0.0.0. */
  HTTP_HOST: str({ default: '127.0.0.1' }),
};

export const cursorSpecs = {
  /**
   * Signs list cursors so an altered one is refused. Every replica of a service must
   * share it; changing it only invalidates cursors in flight. Required outside a local
   * stack: the local default is public.
   */
  CURSOR_SECRET: secret(str({ devDefault: 'local-cursor-secret-not-for-deployments' })),
};

export const erasureLedgerSpecs = {
  /**
   * Keys the hash that names an erased person in the erasure ledger (docs/erasure.md).
   * Keep it with the other secrets and never change it: entries written under another
   * key no longer find the people a restored backup brings back. Required outside a local stack.
   */
  ERASURE_LEDGER_KEY: secret(str({ devDefault: 'local-erasure-ledger-key-not-for-deployments' })),
};

export const webhookUrlSpecs = {
  /**
   * Whether webhook URLs may be http or resolve to loopback, private or link-local
   * addresses. Allowed by default on a local stack only, so that `npm start` and the
   * tests can use local receivers.
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
  /**
   * Deliveries of one project in flight at once while many projects have work: one busy or
   * slow project cannot hold the others up. With fewer, a project may take more, up to
   * WEBHOOK_CONCURRENCY less one window (kept free for the next project with work).
   */
  WEBHOOK_PROJECT_WINDOW: num({ default: 16 }),
  /** How often the outbox and due deliveries are looked at when nothing wakes the dispatcher sooner. */
  WEBHOOK_POLL_MS: num({ default: 200 }),
  /** How long a finished (delivered or failed) delivery is kept after its last attempt, with its body and attempts, and an outbox event after its relay (docs/erasure.md). */
  WEBHOOK_DELIVERY_RETENTION_DAYS: positiveInt({ default: 30 }),
  /** How often deliveries and outbox events past their retention are deleted. */
  WEBHOOK_RETENTION_SWEEP_MS: positiveInt({ default: 3_600_000 }),
};

export const storageSpecs = {
  /** Where exported files and uploaded images live: `filesystem` (one machine) or `s3` (Kubernetes). */
  STORAGE_DRIVER: str({ choices: ['filesystem', 's3'], default: 'filesystem' }),
  /** Filesystem driver: the directory shared by the gateway, designs and renderer. */
  STORAGE_DIR: str({ default: '.local/start/storage' }),
  /** Signs the gateway's download links of filesystem-stored files. Required outside a local stack. */
  STORAGE_SIGNING_SECRET: secret(str({ devDefault: 'local-storage-secret-not-for-deployments' })),
  /** The gateway's public address: uploaded images' links and relative download links start with it. Required outside a local stack. */
  PUBLIC_BASE_URL: url({ devDefault: `http://127.0.0.1:${local.ports.http}` }),
  /** How long an exported file's link works (and the file is kept), in hours. */
  EXPORT_RETENTION_HOURS: num({ default: 24 }),
  /** S3 driver: the bucket of exported files, uploaded images and the erasure ledger. */
  S3_BUCKET: str({ default: '' }),
  /** S3 driver: the bucket's region. */
  S3_REGION: str({ default: 'us-east-1' }),
  /** S3 driver, for S3-compatible stores (MinIO): their address, addressed path-style; empty for AWS. */
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
  /** True turns tracing off even when an endpoint is set. */
  OTEL_SDK_DISABLED: bool({ default: false }),
  /** The collector's base address; spans go to its /v1/traces. */
  OTEL_EXPORTER_OTLP_ENDPOINT: url({ default: undefined }),
  /** The full address for spans, instead of the base address. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url({ default: undefined }),
  /** How spans are sent: JSON over HTTP, the one protocol this build ships an exporter for. */
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
