import { CLOSING_MS, stopGracefullyOn } from './graceful-stop';

// SIGUSR2 stands for a stop signal: nothing else in the test process listens to it.
const SIGNAL = 'SIGUSR2';
const flush = () => new Promise((resolve) => jest.requireActual<typeof import('timers')>('timers').setImmediate(resolve));

describe('stopGracefullyOn', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    process.removeAllListeners(SIGNAL);
  });

  function listen(close: () => Promise<void>) {
    const options = { close: jest.fn(close), log: jest.fn(), end: jest.fn() };
    stopGracefullyOn([SIGNAL], { graceMs: 15_000, ...options });
    return options;
  }

  it('closes the application at the signal, then ends by that signal with nothing left listening', async () => {
    const { close, end } = listen(async () => undefined);
    expect(close).not.toHaveBeenCalled();
    process.emit(SIGNAL, SIGNAL);
    await flush();
    expect(close).toHaveBeenCalledTimes(1);
    expect(end).toHaveBeenCalledWith({ signal: SIGNAL });
    expect(process.listenerCount(SIGNAL)).toBe(0);
  });

  it('lets a second signal wait for the stop under way', async () => {
    let closed!: () => void;
    const { close, end } = listen(() => new Promise((resolve) => (closed = resolve)));
    process.emit(SIGNAL, SIGNAL);
    process.emit(SIGNAL, SIGNAL);
    await flush();
    expect(close).toHaveBeenCalledTimes(1);
    expect(end).not.toHaveBeenCalled();
    closed();
    await flush();
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('ends a stop that outlives the grace and the moment to close with code 1, saying what was still open', () => {
    const { log, end } = listen(() => new Promise(() => undefined));
    process.emit(SIGNAL, SIGNAL);
    jest.advanceTimersByTime(15_000 + CLOSING_MS - 1);
    expect(end).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(end).toHaveBeenCalledWith({ code: 1 });
    expect(log).toHaveBeenCalledWith({ stillOpen: expect.any(Array) }, `still stopping ${15_000 + CLOSING_MS} ms after ${SIGNAL}: exiting anyway`);
  });

  it('ends with code 1 when the close fails', async () => {
    const failure = new Error('a hook failed');
    const { log, end } = listen(() => Promise.reject(failure));
    process.emit(SIGNAL, SIGNAL);
    await flush();
    expect(end).toHaveBeenCalledWith({ code: 1 });
    expect(log).toHaveBeenCalledWith({ err: failure }, 'the graceful stop failed');
  });
});
