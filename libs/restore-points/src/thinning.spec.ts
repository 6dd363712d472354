import fc from 'fast-check';
import { RESTORE_POINT_POLICY, type RestorePointPolicy, type RestorePointStamp, restorePointsToDrop } from './thinning';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 10, 2, 9, 0, 0);

interface Save {
  gapMs: number;
  autosave: boolean;
}

/** Saves one after another, thinned after each as the repository does in the save's transaction. */
function saveAll(saves: readonly Save[], policy: RestorePointPolicy = RESTORE_POINT_POLICY) {
  let kept: RestorePointStamp[] = [];
  const history: RestorePointStamp[] = [];
  let time = START;
  saves.forEach(({ gapMs, autosave }, revision) => {
    time += gapMs;
    const point = { revision, createdAt: new Date(time), autosave };
    history.push(point);
    const dropped = new Set(restorePointsToDrop([...kept, point], point.createdAt, policy));
    kept = [...kept, point].filter((p) => !dropped.has(p.revision));
  });
  return { kept, history, last: time };
}

const revisions = (points: readonly RestorePointStamp[]) => points.map((point) => point.revision).sort((a, b) => a - b);
const keptAt = (points: readonly RestorePointStamp[], now: number, policy: RestorePointPolicy = RESTORE_POINT_POLICY) => {
  const dropped = new Set(restorePointsToDrop(points, new Date(now), policy));
  return points.filter((point) => !dropped.has(point.revision));
};
const grainAt = (point: RestorePointStamp, now: number) => RESTORE_POINT_POLICY.tiers.find((tier) => now - point.createdAt.getTime() < tier.untilAgeMs)!.grainMs;
const bucket = (point: RestorePointStamp, grainMs: number) => Math.floor(point.createdAt.getTime() / grainMs);
const repeat = (count: number, save: Save): Save[] => Array.from({ length: count }, () => save);

describe('restorePointsToDrop', () => {
  it('keeps a lone point', () => {
    expect(restorePointsToDrop([{ revision: 0, createdAt: new Date(START), autosave: false }], new Date(START + 365 * DAY))).toEqual([]);
  });

  it('coalesces autosaves to one per 5 minutes: 300 autosaves 3 s apart keep the newest of each 5 minutes', () => {
    const { kept, last } = saveAll(repeat(300, { gapMs: 3000, autosave: true }));
    // 15 minutes from 09:00:03: the buckets 09:00, 09:05, 09:10 and 09:15 each keep their newest.
    expect(kept.map((point) => new Date(point.createdAt).toISOString())).toEqual([
      '2026-11-02T09:04:57.000Z',
      '2026-11-02T09:09:57.000Z',
      '2026-11-02T09:14:57.000Z',
      new Date(last).toISOString(),
    ]);
  });

  it('keeps every save asked for within the hour, and the autosaves between them coalesced', () => {
    const saves = [{ gapMs: 0, autosave: false }, ...repeat(20, { gapMs: 3000, autosave: true }), { gapMs: 3000, autosave: false }, ...repeat(5, { gapMs: 3000, autosave: true })];
    const { kept } = saveAll(saves);
    // 1 to 20 and 22 to 26 share a 5-minute bucket: only the newest autosave of it stays.
    expect(revisions(kept)).toEqual([0, 21, 26]);
  });

  it('keeps an autosave that a save asked for follows, as the other tab’s save that "Keep mine" saves over', () => {
    const { kept } = saveAll([{ gapMs: 0, autosave: false }, { gapMs: 3000, autosave: true }, { gapMs: 3000, autosave: false }]);
    expect(revisions(kept)).toEqual([0, 1, 2]);
  });

  it('thins points older than an hour to one an hour, and older than a day to one a day', () => {
    // An explicit save every 20 minutes for three days: nothing coalesces while it is recent.
    const { kept, last } = saveAll(repeat(3 * 72, { gapMs: 20 * MINUTE, autosave: false }));
    const ages = kept.map((point) => last - point.createdAt.getTime());
    const recent = ages.filter((age) => age < HOUR);
    const day = ages.filter((age) => age >= HOUR && age < DAY);
    const older = kept.filter((point) => last - point.createdAt.getTime() >= DAY);
    expect(recent).toHaveLength(3);
    expect(day.length).toBeGreaterThanOrEqual(23);
    expect(day.length).toBeLessThanOrEqual(24);
    expect(new Set(older.map((point) => bucket(point, DAY))).size).toBe(older.length);
    expect(kept.length).toBeLessThan(3 + 24 + 4);
  });

  it('keeps no more than the cap, dropping the oldest, even of saves asked for', () => {
    const { kept } = saveAll(repeat(150, { gapMs: 1000, autosave: false }));
    expect(revisions(kept)).toEqual(Array.from({ length: 100 }, (_, i) => 50 + i));
  });

  it('keeps a named point through thinning, and at the cap drops the unnamed ones first', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const old = (revision: number, named = false): RestorePointStamp => ({ revision, createdAt: new Date(now.getTime() - (10 - revision) * 60_000 - 2 * 86_400_000), autosave: true, named });
    // Three points of one day two days ago: thinning keeps the newest and the named one.
    expect(restorePointsToDrop([old(1), old(2, true), old(3)], now).sort()).toEqual([1]);
    const many = Array.from({ length: 6 }, (_, i): RestorePointStamp => ({ revision: i, createdAt: new Date(now.getTime() - i * 1000), autosave: false, named: i % 2 === 0 }));
    // Cap 3 of points 0 to 5, the even ones named: the newest (5) stays, the unnamed 1 and 3 go first, then the oldest named (0).
    expect(restorePointsToDrop(many, now, { ...RESTORE_POINT_POLICY, maxPoints: 3 }).sort()).toEqual([0, 1, 3]);
  });

  it('never drops the newest point, however old', () => {
    const points = [
      { revision: 3, createdAt: new Date(START), autosave: true },
      { revision: 2, createdAt: new Date(START - 1000), autosave: true },
    ];
    expect(restorePointsToDrop(points, new Date(START + 400 * DAY))).toEqual([2]);
  });

  it('decides by revision, not by the order the points come in', () => {
    const points = [0, 1, 2].map((revision) => ({ revision, createdAt: new Date(START + revision * 1000), autosave: true }));
    expect(restorePointsToDrop([...points].reverse(), new Date(START + 5000))).toEqual(restorePointsToDrop(points, new Date(START + 5000)));
    expect(restorePointsToDrop(points, new Date(START + 5000)).sort()).toEqual([0, 1]);
  });
});

describe('restorePointsToDrop, for any series of saves', () => {
  const gap = fc.oneof(
    fc.integer({ min: 0, max: 10_000 }),
    fc.integer({ min: 0, max: 20 * MINUTE }),
    fc.integer({ min: 0, max: 3 * HOUR }),
    fc.integer({ min: 0, max: 3 * DAY }),
  );
  const saves = fc.array(fc.record({ gapMs: gap, autosave: fc.boolean() }), { minLength: 1, maxLength: 250 });
  const later = fc.integer({ min: 0, max: 10 * DAY });
  const uncapped: RestorePointPolicy = { ...RESTORE_POINT_POLICY, maxPoints: Number.POSITIVE_INFINITY };

  it('keeps the newest point and never more than the cap', () => {
    fc.assert(
      fc.property(saves, (series) => {
        const { kept } = saveAll(series);
        expect(kept.length).toBeLessThanOrEqual(RESTORE_POINT_POLICY.maxPoints);
        expect(Math.max(...kept.map((point) => point.revision))).toBe(series.length - 1);
      }),
    );
  });

  it('thinning after every save keeps what thinning the whole history once keeps, now or later', () => {
    fc.assert(
      fc.property(saves, later, (series, wait) => {
        const { kept, history, last } = saveAll(series, uncapped);
        const now = last + wait;
        expect(revisions(keptAt(kept, now, uncapped))).toEqual(revisions(keptAt(history, now, uncapped)));
      }),
    );
  });

  it('loses no period: every save has a kept point as new or newer in its bucket (below the cap)', () => {
    fc.assert(
      fc.property(saves, later, (series, wait) => {
        const { kept, history, last } = saveAll(series, uncapped);
        const now = last + wait;
        const keptNow = keptAt(kept, now, uncapped);
        for (const saved of history) {
          const grain = grainAt(saved, now);
          expect(keptNow.some((point) => point.revision >= saved.revision && bucket(point, grain) === bucket(saved, grain))).toBe(true);
        }
      }),
    );
  });

  it('keeps one point a bucket: older than the hour, the newest; within it, every save asked for and the newest autosave', () => {
    fc.assert(
      fc.property(saves, later, (series, wait) => {
        const { kept, last } = saveAll(series);
        const now = last + wait;
        const keptNow = keptAt(kept, now);
        for (const point of keptNow) {
          const grain = grainAt(point, now);
          const recent = now - point.createdAt.getTime() < HOUR;
          if (recent && !point.autosave) continue;
          const newer = keptNow.filter((other) => other.revision > point.revision && bucket(other, grain) === bucket(point, grain));
          expect(newer.filter((other) => !recent || other.autosave)).toEqual([]);
        }
      }),
    );
  });
});
