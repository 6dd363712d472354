import { render } from '@embed/render-core';
import { validateDesign } from '@embed/design-document';
import { line, medianMs, notRun } from './benchmark';
import { referenceEmail } from './reference-email';

describe('benchmark helpers', () => {
  it('writes a line with its ratio to the baseline', () => {
    expect(line('x', 'ms', 1, 'y', 4)).toEqual({ name: 'x', unit: 'ms', value: 1, baseline: 'y', baseline_value: 4, ratio: 0.25 });
  });

  it('gives null, not NaN or Infinity, for a figure that could not be measured', () => {
    expect(line('x', 'ms', Number.NaN, 'y', 4)).toEqual({ name: 'x', unit: 'ms', value: null, baseline: 'y', baseline_value: 4, ratio: null });
    expect(line('x', 'errors', 0, 'y', 0)).toEqual({ name: 'x', unit: 'errors', value: 0, baseline: 'y', baseline_value: 0, ratio: null });
  });

  it('writes a row saying why for a benchmark that could not run', () => {
    const row = notRun('PDF exports', new Error('the stack did not answer in time\n    at somewhere'));
    expect(row).toEqual({ name: 'PDF exports: did not run', unit: 'none', value: null, baseline: 'the stack did not answer in time', baseline_value: null, ratio: null });
    expect(JSON.parse(JSON.stringify(row))).toEqual(row);
  });

  it('takes the median of the measured runs, after the unmeasured warm-up', async () => {
    // The clock is Jest's, so each run takes exactly its delay, however busy the machine is.
    jest.useFakeTimers();
    try {
      const delays = [100, 5, 1, 2, 30, 3];
      let call = 0;
      const median = await medianMs(() => jest.advanceTimersByTime(delays[call++]), 5, 1);
      expect(median).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('grows the email example into a valid reference email of about 50 KB', () => {
    const doc = referenceEmail();
    expect(validateDesign(doc).valid).toBe(true);
    const bytes = render(doc).bytes;
    expect(bytes).toBeGreaterThan(40_000);
    expect(bytes).toBeLessThan(70_000);
  });
});
