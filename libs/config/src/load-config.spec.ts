import { ConfigError, loadConfig } from './load-config';
import { databaseSpecs, httpSpecs, natsSpecs, runtimeSpecs } from './specs';

const specs = { ...runtimeSpecs, ...httpSpecs, ...natsSpecs, ...databaseSpecs };

describe('loadConfig', () => {
  it('needs nothing set locally: every variable has a loopback default', () => {
    const config = loadConfig(specs, {});
    expect(config.HTTP_HOST).toBe('127.0.0.1');
    expect(config.HTTP_PORT).toBe(3000);
    expect(config.NATS_URL).toMatch(/^nats:\/\/127\.0\.0\.1:\d+$/);
    expect(config.DATABASE_URL).toMatch(/^postgresql:\/\/.*@127\.0\.0\.1:\d+\//);
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('reads and converts the values it is given', () => {
    const config = loadConfig(specs, { HTTP_PORT: '8080', SHUTDOWN_GRACE_MS: '2500', LOG_LEVEL: 'debug' });
    expect(config.HTTP_PORT).toBe(8080);
    expect(config.SHUTDOWN_GRACE_MS).toBe(2500);
    expect(config.LOG_LEVEL).toBe('debug');
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig(specs, { HTTP_PORT: 'eighty', NATS_URL: 'not a url', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(Object.keys(problems).sort()).toEqual(['HTTP_PORT', 'LOG_LEVEL', 'NATS_URL']);
    expect(message).toMatch(/^Invalid configuration:\n {2}\w+: /);
  });
});

describe('secrets in production', () => {
  it('requires CURSOR_SECRET when NODE_ENV is production, and has a local default otherwise', async () => {
    const { cursorSpecs } = await import('./specs');
    expect(loadConfig(cursorSpecs, {}).CURSOR_SECRET).toBeTruthy();
    expect(() => loadConfig(cursorSpecs, { NODE_ENV: 'production' })).toThrow(/CURSOR_SECRET/);
    expect(loadConfig(cursorSpecs, { NODE_ENV: 'production', CURSOR_SECRET: 's3cret' }).CURSOR_SECRET).toBe('s3cret');
  });
});

describe('tracing', () => {
  it('is off unless an OTLP endpoint is set', async () => {
    const { tracingEnabled, tracingSpecs } = await import('./specs');
    expect(tracingEnabled(loadConfig(tracingSpecs, {}))).toBe(false);
    expect(tracingEnabled(loadConfig(tracingSpecs, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }))).toBe(true);
    expect(tracingEnabled(loadConfig(tracingSpecs, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' }))).toBe(true);
    expect(tracingEnabled(loadConfig(tracingSpecs, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' }))).toBe(false);
  });

  it('refuses a protocol it has no exporter for, and an endpoint that is not a URL', async () => {
    const { tracingSpecs } = await import('./specs');
    expect(() => loadConfig(tracingSpecs, { OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL/);
    expect(() => loadConfig(tracingSpecs, { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
