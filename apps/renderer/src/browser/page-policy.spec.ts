import fc from 'fast-check';
import { keptToClose, mayKeep, type PageLimits } from './page-policy';

const limits: PageLimits = { total: 6, perTenant: 1, jobsPerPage: 3, idleMs: 60_000 };
const page = (tenant: string, n = 0) => ({ tenant, n });

describe('the page policy', () => {
  it('keeps a page until it has served its share of jobs', () => {
    expect(mayKeep(1, 0, limits)).toBe(true);
    expect(mayKeep(2, 0, limits)).toBe(true);
    expect(mayKeep(3, 0, limits)).toBe(false);
  });

  it('keeps no page while another waits for a slot: that slot is for the waiting page', () => {
    expect(mayKeep(1, 1, limits)).toBe(false);
  });

  it("closes a tenant's oldest pages past its share, whatever the room", () => {
    const kept = [page('a', 1), page('b', 1), page('a', 2), page('a', 3)];
    expect(keptToClose(kept, 10, { ...limits, perTenant: 2 })).toEqual([page('a', 1)]);
    expect(keptToClose(kept, 10, limits)).toEqual([page('a', 1), page('a', 2)]);
  });

  it('then closes the oldest pages of all past the room left', () => {
    const kept = [page('a'), page('b'), page('c'), page('d')];
    expect(keptToClose(kept, 2, limits)).toEqual([page('a'), page('b')]);
    expect(keptToClose(kept, 4, limits)).toEqual([]);
    expect(keptToClose(kept, 0, limits)).toEqual(kept);
    expect(keptToClose(kept, -1, limits)).toEqual(kept);
  });

  it('leaves at most `perTenant` pages of any tenant and at most `room` in all, the newest, for any pages kept', () => {
    const tenants = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    fc.assert(
      fc.property(fc.array(tenants, { maxLength: 30 }), fc.integer({ min: -2, max: 12 }), fc.integer({ min: 1, max: 4 }), (names, room, perTenant) => {
        const kept = names.map((tenant, n) => page(tenant, n));
        const closing = keptToClose(kept, room, { ...limits, perTenant });
        const staying = kept.filter((one) => !closing.includes(one));
        expect(staying.length).toBeLessThanOrEqual(Math.max(0, room));
        for (const tenant of new Set(names)) expect(staying.filter((one) => one.tenant === tenant).length).toBeLessThanOrEqual(perTenant);
        // Nothing closes that the bounds do not require.
        const withinShare = kept.filter((one, at) => kept.slice(at + 1).filter((later) => later.tenant === one.tenant).length < perTenant);
        expect(staying.length).toBe(Math.min(Math.max(0, room), withinShare.length));
        expect(closing).toEqual(kept.filter((one) => closing.includes(one)));
      }),
    );
  });
});
