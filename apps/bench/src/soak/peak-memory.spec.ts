import { PeakMemory } from './peak-memory';

describe('peak resident memory', () => {
  it("keeps each service's highest reading, whatever it came down to after", () => {
    const peaks = new PeakMemory();
    peaks.record({ gateway: 160, renderer: 2200 });
    peaks.record({ gateway: 124, renderer: 2500 });
    peaks.record({ gateway: 150, renderer: 1900 });
    expect(peaks.take()).toEqual({ gateway: 160, renderer: 2500 });
  });

  it('starts a new stretch after each take', () => {
    const peaks = new PeakMemory();
    peaks.record({ gateway: 170 });
    peaks.take();
    peaks.record({ gateway: 130 });
    expect(peaks.take()).toEqual({ gateway: 130 });
  });
});
