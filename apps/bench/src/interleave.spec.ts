import { interleavedReports, interleavedTimings, rotatingRounds } from './interleave';
import { spread } from './stats';

describe('interleaved timings', () => {
  it('alternates which of two tasks goes first from round to round', () => {
    expect(rotatingRounds(2, 3)).toEqual([0, 1, 1, 0, 0, 1]);
    expect(rotatingRounds(2, 0)).toEqual([]);
  });

  it('rotates the order of more tasks, so that each goes first as often', () => {
    expect(rotatingRounds(3, 3)).toEqual([0, 1, 2, 1, 2, 0, 2, 0, 1]);
  });

  it('gives each task the same number of runs', () => {
    const order = rotatingRounds(3, 7);
    for (const task of [0, 1, 2]) expect(order.filter((which) => which === task)).toHaveLength(7);
  });

  it('takes the median and 95th percentile by nearest rank', () => {
    const oneToTwenty = Array.from({ length: 20 }, (_, i) => 20 - i);
    expect(spread(oneToTwenty)).toEqual({ median: 10, p95: 19 });
    expect(spread([7])).toEqual({ median: 7, p95: 7 });
  });

  it('runs warm-up pairs unmeasured, then the measured pairs interleaved', async () => {
    const calls: string[] = [];
    const task = (name: string, ms: number) => () => {
      calls.push(name);
      return new Promise((resolve) => setTimeout(resolve, ms));
    };
    const [fast, slow] = await interleavedTimings([task('a', 0), task('b', 40)], 2, 1);
    expect(calls.join('')).toBe('ab' + 'ab' + 'ba');
    expect(fast.median).toBeLessThan(slow.median);
    expect(slow.median).toBeGreaterThanOrEqual(35);
  });

  it('leaves the settling time before a run out of its timing', async () => {
    const started: number[] = [];
    const task = async () => void started.push(performance.now());
    const [first] = await interleavedTimings([task, task], 2, 0, 60);
    expect(started.slice(1).map((at, i) => at - started[i]).every((gap) => gap >= 55)).toBe(true);
    expect(first.median).toBeLessThan(55);
  });

  it('takes the time a task reports for itself (a run in another process, without the round trip), not the time of the call', async () => {
    const task = (reported: number) => () => new Promise<number>((resolve) => setTimeout(() => resolve(reported), 20));
    const [a, b] = await interleavedReports([task(1), task(3)], 3, 1);
    expect(a).toEqual({ median: 1, p95: 1 });
    expect(b).toEqual({ median: 3, p95: 3 });
  });
});
