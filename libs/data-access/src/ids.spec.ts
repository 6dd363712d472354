import { newDesignId, newId, newRequestId } from './ids';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('record ids', () => {
  it('are a prefix and a lower-case ULID, in the order they were made', () => {
    const ids = Array.from({ length: 2_000 }, () => newId('dlv'));
    for (const id of ids) expect(id).toMatch(/^dlv_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('give designs bare upper-case ULIDs and requests req_ ids', () => {
    expect(newDesignId()).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(newRequestId()).toMatch(/^req_[0-9a-hjkmnp-tv-z]{26}$/);
  });

  it('draw every character of the random part about equally often', () => {
    // Only the first id of each millisecond draws its random part; the next ones increment it.
    const fresh = new Map<string, string>();
    while (fresh.size < 300) {
      const id = newDesignId();
      if (!fresh.has(id.slice(0, 10))) fresh.set(id.slice(0, 10), id.slice(10));
    }
    const counts = new Map<string, number>();
    for (const char of [...fresh.values()].join('')) counts.set(char, (counts.get(char) ?? 0) + 1);
    const total = fresh.size * 16;
    expect([...counts.keys()].sort().join('')).toBe(CROCKFORD);
    for (const count of counts.values()) expect(count / total).toBeGreaterThan(0.5 / 32);
  });
});
