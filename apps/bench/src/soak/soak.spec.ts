import { dayIntensity, largestGrowth } from './soak';

describe('soak', () => {
  it('squeezes a day into the run: quiet at both ends, twice as busy at noon, as busy as usual on average', () => {
    expect(dayIntensity(0)).toBeCloseTo(0.5);
    expect(dayIntensity(0.5)).toBeCloseTo(1.5);
    expect(dayIntensity(1)).toBeCloseTo(0.5);
    const samples = Array.from({ length: 1000 }, (_, i) => dayIntensity(i / 1000));
    expect(samples.reduce((sum, value) => sum + value, 0) / samples.length).toBeCloseTo(1);
  });

  it('names the service whose memory grew most, by factor rather than by megabytes', () => {
    const memoryMb = { start: { gateway: 100, renderer: 1000 }, end: { gateway: 120, renderer: 1100 } };
    expect(largestGrowth(memoryMb)).toEqual({ service: 'gateway', start: 100, end: 120 });
  });
});
