import { DEFAULT_QUOTAS, quotaBreach, quotaMessage } from './quotas';

const limits = { ...DEFAULT_QUOTAS, personImages: 2, personImageBytes: 100, personDesigns: 3, projectImages: 5, projectImageBytes: 1_000, projectDesigns: 10 };
const image = (bytes: number) => ({ images: 1, imageBytes: bytes, designs: 0 });
const design = { images: 0, imageBytes: 0, designs: 1 };

describe('quotaBreach', () => {
  it('lets a create reach a quota exactly, and refuses the one past it, naming the quota and its limit', () => {
    expect(quotaBreach(limits, 'person', { images: 2, imageBytes: 100, designs: 0 }, image(50))).toBeNull();
    expect(quotaBreach(limits, 'person', { images: 3, imageBytes: 60, designs: 0 }, image(10))).toEqual({ quota: 'personImages', limit: 2 });
    expect(quotaBreach(limits, 'person', { images: 2, imageBytes: 101, designs: 0 }, image(51))).toEqual({ quota: 'personImageBytes', limit: 100 });
    expect(quotaBreach(limits, 'person', { images: 0, imageBytes: 0, designs: 4 }, design)).toEqual({ quota: 'personDesigns', limit: 3 });
    expect(quotaBreach(limits, 'project', { images: 0, imageBytes: 0, designs: 11 }, design)).toEqual({ quota: 'projectDesigns', limit: 10 });
    expect(quotaBreach(limits, 'project', { images: 6, imageBytes: 10, designs: 0 }, image(1))).toEqual({ quota: 'projectImages', limit: 5 });
  });

  // A quota the operator lowered below what a person holds refuses only what it counts.
  it('judges only what the create adds', () => {
    expect(quotaBreach(limits, 'person', { images: 9, imageBytes: 900, designs: 1 }, design)).toBeNull();
    expect(quotaBreach(limits, 'person', { images: 0, imageBytes: 0, designs: 9 }, image(1))).toBeNull();
  });

  it('a limit of 0 refuses the first', () => {
    expect(quotaBreach({ ...limits, personDesigns: 0 }, 'person', { images: 0, imageBytes: 0, designs: 1 }, design)).toEqual({ quota: 'personDesigns', limit: 0 });
  });
});

describe('quotaMessage', () => {
  it('names the quota, its limit, and that nothing was stored', () => {
    expect(quotaMessage({ quota: 'personImages', limit: 1000 })).toBe('quota personImages reached: this person may keep 1000 images; nothing was stored (ask the operator to raise it)');
    expect(quotaMessage({ quota: 'projectDesigns', limit: 7 })).toContain('delete a design');
  });
});
