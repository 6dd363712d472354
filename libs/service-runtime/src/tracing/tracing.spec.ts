const startSdk = jest.fn();
const sdkLoaded = jest.fn();
jest.mock('./sdk', () => {
  sdkLoaded();
  return { startSdk };
});

const withEnv = async (env: Record<string, string>) => {
  const saved = process.env;
  process.env = { NODE_ENV: 'test', ...env };
  try {
    const { startTracing } = await import('./index');
    startTracing('designs');
  } finally {
    process.env = saved;
  }
};

describe('startTracing', () => {
  beforeEach(() => {
    jest.resetModules();
    startSdk.mockClear();
    sdkLoaded.mockClear();
  });

  it('loads nothing of the SDK when no OTLP endpoint is configured', async () => {
    await withEnv({});
    expect(sdkLoaded).not.toHaveBeenCalled();
  });

  it('stays off when OTEL_SDK_DISABLED says so', async () => {
    await withEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' });
    expect(sdkLoaded).not.toHaveBeenCalled();
  });

  it('starts the SDK under the service’s name, or the one OTEL_SERVICE_NAME gives', async () => {
    await withEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
    expect(startSdk).toHaveBeenLastCalledWith('designs');
    await withEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SERVICE_NAME: 'designs-eu' });
    expect(startSdk).toHaveBeenLastCalledWith('designs-eu');
  });
});
