import { LONGEST_BUDGET_MS } from '@embed/contracts';
import { ConfigError, loadConfig } from './load-config';
import { cursorSpecs, databaseSpecs, fraction, httpSpecs, natsSpecs, positiveInt, redisSpecs, runtimeSpecs, storageSpecs, testTimeSpecs, webhookUrlSpecs } from './specs';

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
    const config = loadConfig(specs, { HTTP_PORT: '8080', SHUTDOWN_GRACE_MS: '25000', LOG_LEVEL: 'debug' });
    expect(config.HTTP_PORT).toBe(8080);
    expect(config.SHUTDOWN_GRACE_MS).toBe(25000);
    expect(config.LOG_LEVEL).toBe('debug');
  });

  it('refuses a shutdown grace shorter than the longest budget of a request, saying why', () => {
    expect(loadConfig(specs, {}).SHUTDOWN_GRACE_MS).toBeGreaterThanOrEqual(LONGEST_BUDGET_MS);
    expect(loadConfig(specs, { SHUTDOWN_GRACE_MS: String(LONGEST_BUDGET_MS) }).SHUTDOWN_GRACE_MS).toBe(LONGEST_BUDGET_MS);
    for (const grace of [String(LONGEST_BUDGET_MS - 1), '10000', '0', '-1', 'soon']) {
      expect(() => loadConfig(specs, { SHUTDOWN_GRACE_MS: grace })).toThrow(
        `SHUTDOWN_GRACE_MS: must be a whole number of at least ${LONGEST_BUDGET_MS}, the longest budget of a request (libs/contracts/src/deadlines.ts), not "${grace}"`,
      );
    }
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

describe('secrets outside a local stack', () => {
  const local = { EMBED_LOCAL_STACK: '1' };
  const problemsOf = (specs: Parameters<typeof loadConfig>[0], env: NodeJS.ProcessEnv): Record<string, string> => {
    try {
      loadConfig(specs, env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return {};
  };

  it('has development defaults on a local stack only, whatever NODE_ENV says', () => {
    expect(loadConfig(cursorSpecs, local).CURSOR_SECRET).toBeTruthy();
    expect(loadConfig(cursorSpecs, { ...local, NODE_ENV: 'production' }).CURSOR_SECRET).toBeTruthy();
    for (const NODE_ENV of [undefined, 'development', 'test', 'production', 'staging']) {
      expect(problemsOf(cursorSpecs, { NODE_ENV })).toEqual({ CURSOR_SECRET: expect.stringMatching(/^is missing .*EMBED_LOCAL_STACK=1/) });
      expect(loadConfig(webhookUrlSpecs, { NODE_ENV }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(false);
    }
    expect(loadConfig(webhookUrlSpecs, local).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(true);
    expect(loadConfig(cursorSpecs, { CURSOR_SECRET: 's3cret-of-our-own' }).CURSOR_SECRET).toBe('s3cret-of-our-own');
  });

  it('refuses the placeholders of deploy/ and the public defaults, naming the variable and never showing the value', () => {
    const specs = { ...cursorSpecs, ...storageSpecs, ...databaseSpecs, ...redisSpecs, ...natsSpecs };
    const published = {
      CURSOR_SECRET: 'local-cursor-secret-not-for-deployments',
      STORAGE_SIGNING_SECRET: 'compose-storage-secret-change-me',
      DATABASE_URL: 'postgresql://embed:change-me@postgresql:5432/embed',
      REDIS_URL: 'redis://default:Change-Me-Please@redis:6379',
      NATS_URL: 'nats://embed:embed@nats:4222',
      PUBLIC_BASE_URL: 'https://embed.example.com',
    };
    for (const NODE_ENV of [undefined, 'development', 'production']) {
      let error: unknown;
      try {
        loadConfig(specs, { ...published, NODE_ENV });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const { problems, message } = error as ConfigError;
      expect(Object.keys(problems).sort()).toEqual(['CURSOR_SECRET', 'DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'STORAGE_SIGNING_SECRET']);
      expect(problems['CURSOR_SECRET']).toMatch(/^is a placeholder or a public default/);
      expect(problems['DATABASE_URL']).toMatch(/^has a password that is a placeholder or a public default/);
      for (const value of ['local-cursor-secret', 'change-me', 'Change-Me', 'embed@']) expect(message).not.toContain(value);
    }
    expect(problemsOf(cursorSpecs, { CURSOR_SECRET: 'change-me-to-32-random-bytes' })).toEqual({ CURSOR_SECRET: expect.any(String) });
    expect(loadConfig(specs, { ...published, ...local }).CURSOR_SECRET).toBe(published.CURSOR_SECRET);
  });

  it('takes secrets of the operator\'s own, and addresses without a password', () => {
    const specs = { ...cursorSpecs, ...databaseSpecs, ...redisSpecs };
    const env = { CURSOR_SECRET: '9f2c41d0e7', DATABASE_URL: 'postgresql://embed:p%40ss-9f2c@db:5432/embed', REDIS_URL: 'redis://redis:6379' };
    expect(loadConfig(specs, env)).toEqual({ ...env, DATABASE_POOL_SIZE: 10, DATABASE_CONNECT_TIMEOUT_MS: 15_000, DATABASE_PREPARED_STATEMENTS: true });
    expect(problemsOf(specs, { ...env, DATABASE_URL: 'postgresql://embed:change%2Dme@db:5432/embed' })).toEqual({ DATABASE_URL: expect.any(String) });
  });

  it('lists a malformed variable and a public secret in one error', () => {
    expect(Object.keys(problemsOf({ ...httpSpecs, ...cursorSpecs }, { HTTP_PORT: 'eighty', CURSOR_SECRET: 'changeme' })).sort()).toEqual(['CURSOR_SECRET', 'HTTP_PORT']);
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

  it('takes a positive whole number where one is asked for, and refuses 0, negatives, fractions and words', () => {
    const intervals = { SWEEP_MS: positiveInt({ default: 60_000 }) };
    expect(loadConfig(intervals, {}).SWEEP_MS).toBe(60_000);
    expect(loadConfig(intervals, { SWEEP_MS: '250' }).SWEEP_MS).toBe(250);
    for (const bad of ['0', '-5', '1.5', 'soon', ''])
      expect(() => loadConfig(intervals, { SWEEP_MS: bad })).toThrow(/SWEEP_MS: must be a whole number above 0/);
  });

  it('takes a share from 0 to 1 where one is asked for, and refuses what is outside it or not a number', () => {
    const sample = { SAMPLE: fraction({ default: 0 }) };
    expect(loadConfig(sample, {}).SAMPLE).toBe(0);
    expect(loadConfig(sample, { SAMPLE: '0.001' }).SAMPLE).toBe(0.001);
    expect(loadConfig(sample, { SAMPLE: '1' }).SAMPLE).toBe(1);
    for (const bad of ['-0.1', '1.5', 'often', '', 'NaN'])
      expect(() => loadConfig(sample, { SAMPLE: bad })).toThrow(/SAMPLE: must be a number from 0 to 1/);
  });
});

describe('the test-only scale of time (TEST_TIME_SCALE)', () => {
  const problemsOf = (env: NodeJS.ProcessEnv): Record<string, string> => {
    try {
      loadConfig(testTimeSpecs, env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return {};
  };

  it('is 1 unless set, and a local stack may shrink time by a factor above 0 and at most 1', () => {
    expect(loadConfig(testTimeSpecs, {}).TEST_TIME_SCALE).toBe(1);
    expect(loadConfig(testTimeSpecs, { TEST_TIME_SCALE: '1' }).TEST_TIME_SCALE).toBe(1);
    expect(loadConfig(testTimeSpecs, { EMBED_LOCAL_STACK: '1', TEST_TIME_SCALE: '0.25' }).TEST_TIME_SCALE).toBe(0.25);
  });

  it('refuses any other value, naming the variable', () => {
    for (const TEST_TIME_SCALE of ['0', '-0.5', '1.5', 'fast', 'NaN', 'Infinity']) {
      expect(problemsOf({ EMBED_LOCAL_STACK: '1', TEST_TIME_SCALE })).toEqual({ TEST_TIME_SCALE: expect.stringMatching(/^must be a number above 0 and at most 1/) });
    }
  });

  it('is refused off its default outside a local stack, whatever NODE_ENV says', () => {
    for (const NODE_ENV of [undefined, 'test', 'production']) {
      expect(problemsOf({ NODE_ENV, TEST_TIME_SCALE: '0.5' })).toEqual({ TEST_TIME_SCALE: expect.stringMatching(/^is a test-only setting: only a local stack \(EMBED_LOCAL_STACK=1\)/) });
    }
  });
});
