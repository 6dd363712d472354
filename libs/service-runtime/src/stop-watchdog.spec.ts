import { armStopWatchdog, CLOSING_MS } from './stop-watchdog';

// SIGUSR2 stands for a stop signal: nothing else in the test process listens to it.
const SIGNALS: NodeJS.Signals[] = ['SIGUSR2'];

describe('armStopWatchdog', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    process.removeAllListeners('SIGUSR2');
  });

  const arm = () => {
    const watchdog = { log: jest.fn(), exit: jest.fn() };
    armStopWatchdog(SIGNALS, { graceMs: 15_000, ...watchdog });
    return watchdog;
  };

  it('does nothing until a stop signal comes', () => {
    const { exit } = arm();
    jest.advanceTimersByTime(60_000);
    expect(exit).not.toHaveBeenCalled();
  });

  it('ends a stop that outlives the grace and the moment to close, saying what was still open', () => {
    const { log, exit } = arm();
    process.emit('SIGUSR2', 'SIGUSR2');
    jest.advanceTimersByTime(15_000 + CLOSING_MS - 1);
    expect(exit).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(exit).toHaveBeenCalledWith(1);
    expect(log).toHaveBeenCalledWith({ stillOpen: expect.any(Array) }, `still stopping ${15_000 + CLOSING_MS} ms after SIGUSR2: exiting anyway`);
  });

  it('arms once, and leaves the signal to the process once it has', () => {
    const { exit } = arm();
    process.emit('SIGUSR2', 'SIGUSR2');
    expect(process.listenerCount('SIGUSR2')).toBe(0);
    jest.advanceTimersByTime(15_000 + CLOSING_MS);
    expect(exit).toHaveBeenCalledTimes(1);
  });
});
