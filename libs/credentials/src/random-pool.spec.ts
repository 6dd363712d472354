import { pooledRandomBytes } from './random-pool';

describe('pooled random bytes', () => {
  it('serves as many bytes as asked, across the end of a pool and beyond its size', () => {
    for (const count of [1, 8, 4095, 16, 5000, 3]) expect(pooledRandomBytes(count)).toHaveLength(count);
  });

  it('never serves the same bytes twice', () => {
    const drawn = new Set(Array.from({ length: 2_000 }, () => pooledRandomBytes(8).toString('hex')));
    expect(drawn.size).toBe(2_000);
  });
});
