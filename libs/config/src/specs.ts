import { num, port, str, url } from 'envalid';
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
