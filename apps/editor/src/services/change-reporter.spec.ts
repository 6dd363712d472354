import { ChangeReporter } from './change-reporter';

describe('ChangeReporter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reports a burst of changes once, after it ends', () => {
    const report = jest.fn();
    const reporter = new ChangeReporter(report, 200);
    for (let i = 0; i < 10; i++) {
      reporter.changed();
      jest.advanceTimersByTime(100);
    }
    expect(report).not.toHaveBeenCalled();
    jest.advanceTimersByTime(200);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('sends a waiting change at once when flushed, and nothing when none waits', () => {
    const report = jest.fn();
    const reporter = new ChangeReporter(report, 200);
    reporter.flush();
    expect(report).not.toHaveBeenCalled();
    reporter.changed();
    reporter.flush();
    expect(report).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1000);
    expect(report).toHaveBeenCalledTimes(1);
  });
});
