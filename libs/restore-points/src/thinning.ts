/** What the policy needs to know of a restore point: never its document. */
export interface RestorePointStamp {
  revision: number;
  createdAt: Date;
  /** Saved by the editor's autosave, not asked for by the person (Save, Ctrl/Cmd+S, the SDK's save(), a restore). */
  autosave: boolean;
  /** A person named it: no thinning drops it, and the cap drops it only after every unnamed point. */
  named?: boolean;
}

/** One age band: points of this age are thinned to one per clock-aligned bucket of `grainMs`. */
export interface ThinningTier {
  /** The band ends at this age (the last band has no end). */
  untilAgeMs: number;
  grainMs: number;
}

export interface RestorePointPolicy {
  /**
   * The bands from the youngest. In the first one autosaves are coalesced (one per bucket,
   * the newest) and saves asked for are all kept; in the later ones any point gives way
   * to a newer point of its bucket.
   */
  tiers: readonly ThinningTier[];
  /** No design keeps more than this many restore points: the oldest go first. */
  maxPoints: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Restore points kept per design at most (a quota of restore points can be no higher than what is kept). */
export const MAX_RESTORE_POINTS_PER_DESIGN = 100;

/** docs/editor.md, "Restore points": every 5 minutes for the last hour, hourly for a day, then daily, 100 at most. */
export const RESTORE_POINT_POLICY: RestorePointPolicy = {
  tiers: [
    { untilAgeMs: HOUR_MS, grainMs: 5 * MINUTE_MS },
    { untilAgeMs: DAY_MS, grainMs: HOUR_MS },
    { untilAgeMs: Number.POSITIVE_INFINITY, grainMs: DAY_MS },
  ],
  maxPoints: MAX_RESTORE_POINTS_PER_DESIGN,
};

/**
 * The revisions of restore points to drop at `now` so that the design keeps the policy's
 * set; `points` are all the design's points (the one just saved included), in any order.
 *
 * A point is dropped when a newer one (by revision) falls in the same clock-aligned
 * bucket of the grain its age calls for. The buckets nest (5 minutes in an hour in a UTC
 * day) and grains only grow with age, so a point once dropped would be dropped again
 * from the full history: thinning after every save keeps exactly what thinning the whole
 * history once would (up to the cap), whatever the order of ages. The newest point (the
 * design as last saved) is never dropped.
 */
export function restorePointsToDrop(points: readonly RestorePointStamp[], now: Date, policy: RestorePointPolicy = RESTORE_POINT_POLICY): number[] {
  const newestFirst = [...points].sort((a, b) => b.revision - a.revision);
  // For each tier, the buckets a newer point already fills (in the first tier, a newer autosave).
  const filled = policy.tiers.map(() => new Set<number>());
  const kept: RestorePointStamp[] = [];
  const dropped: number[] = [];
  for (const point of newestFirst) {
    const tierIndex = tierOf(policy, now.getTime() - point.createdAt.getTime());
    const bucket = Math.floor(point.createdAt.getTime() / policy.tiers[tierIndex].grainMs);
    const recent = tierIndex === 0;
    const supersededBy = recent ? filled[0] : filled[tierIndex];
    const keep = point.named === true || (recent && !point.autosave) || !supersededBy.has(bucket);
    // A point fills its bucket of every grain at least its own for the points older than it.
    policy.tiers.forEach((tier, index) => {
      if (index === 0 && !point.autosave) return;
      filled[index].add(Math.floor(point.createdAt.getTime() / tier.grainMs));
    });
    if (keep) kept.push(point);
    else dropped.push(point.revision);
  }
  return [...dropped, ...overCap(kept, policy.maxPoints)];
}

/** The points past the cap, of `kept` newest first: the oldest unnamed ones, then (only if named ones alone pass it) the oldest named. */
function overCap(kept: readonly RestorePointStamp[], maxPoints: number): number[] {
  const over = kept.length - maxPoints;
  if (over <= 0) return [];
  // The newest point is never dropped, named or not.
  const [newest, ...older] = kept;
  const unnamed = older.filter((point) => !point.named).reverse();
  const named = older.filter((point) => point.named).reverse();
  return [...unnamed, ...named]
    .slice(0, over)
    .map((point) => point.revision)
    .filter((revision) => revision !== newest.revision);
}

const tierOf = (policy: RestorePointPolicy, ageMs: number): number => {
  const index = policy.tiers.findIndex((tier) => ageMs < tier.untilAgeMs);
  return index === -1 ? policy.tiers.length - 1 : index;
};
