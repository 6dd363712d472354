import { formatLabel } from './file-metrics';

describe('formatLabel', () => {
  it('labels a file by its format, and anything else as invalid so that callers cannot grow the label set', () => {
    expect(['pdf', 'png', 'zip'].map((format) => formatLabel({ format }))).toEqual(['pdf', 'png', 'zip']);
    for (const payload of [{ format: 'exe' }, { format: 7 }, {}, null, 'pdf']) expect(formatLabel(payload)).toBe('invalid');
  });
});
