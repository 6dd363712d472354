/**
 * What one person, and one project's people together, may keep in one environment
 * (docs/admin.md, "Quotas"). Counted by creates: an image upload counts one image and its
 * bytes, a design created one design; deleting a design gives its place back, and an
 * erasure gives back everything of the person. Restore points are bounded by their own
 * policy, exported files by their retention.
 */
export const QUOTA_NAMES = ['personImages', 'personImageBytes', 'personDesigns', 'projectImages', 'projectImageBytes', 'projectDesigns'] as const;
export type QuotaName = (typeof QUOTA_NAMES)[number];
export type QuotaLimits = Record<QuotaName, number>;

/** What a project's quotas are until the operator sets them (`quota set`). */
export const DEFAULT_QUOTAS: QuotaLimits = {
  personImages: 1_000,
  personImageBytes: 1024 * 1024 * 1024,
  personDesigns: 1_000,
  projectImages: 1_000_000,
  projectImageBytes: 100 * 1024 * 1024 * 1024,
  projectDesigns: 1_000_000,
};

/** What a person, or a project's people together, hold: the counts the quotas limit. */
export interface QuotaUsage {
  images: number;
  imageBytes: number;
  designs: number;
}

/** What one create adds to the usage (an image: 1 image and its bytes; a design: 1 design). */
export type QuotaCharge = QuotaUsage;

const PERSON_QUOTAS: Record<keyof QuotaUsage, QuotaName> = { images: 'personImages', imageBytes: 'personImageBytes', designs: 'personDesigns' };
const PROJECT_QUOTAS: Record<keyof QuotaUsage, QuotaName> = { images: 'projectImages', imageBytes: 'projectImageBytes', designs: 'projectDesigns' };

/** A quota a create would pass, with its limit. */
export interface QuotaBreach {
  quota: QuotaName;
  limit: number;
}

/**
 * The first quota that `usage` (of a person, or of the project's people, with `charge`
 * already added) passes, looking only at what `charge` adds: a person over a quota lowered since may still add what that
 * quota does not count. null when none is passed.
 */
export function quotaBreach(limits: QuotaLimits, of: 'person' | 'project', usage: QuotaUsage, charge: QuotaCharge): QuotaBreach | null {
  const names = of === 'person' ? PERSON_QUOTAS : PROJECT_QUOTAS;
  for (const measure of ['images', 'imageBytes', 'designs'] as const) {
    const quota = names[measure];
    if (charge[measure] > 0 && usage[measure] > limits[quota]) return { quota, limit: limits[quota] };
  }
  return null;
}

/** The 403 quota_exceeded message: which quota, its limit, and what gives room again. */
export function quotaMessage({ quota, limit }: QuotaBreach): string {
  const what: Record<QuotaName, string> = {
    personImages: `this person may keep ${limit} images`,
    personImageBytes: `this person may keep ${limit} bytes of images`,
    personDesigns: `this person may keep ${limit} designs`,
    projectImages: `this project's people may keep ${limit} images in this environment`,
    projectImageBytes: `this project's people may keep ${limit} bytes of images in this environment`,
    projectDesigns: `this project's people may keep ${limit} designs in this environment`,
  };
  const room = quota.endsWith('Designs') ? 'delete a design, or ask the operator to raise it' : 'ask the operator to raise it';
  return `quota ${quota} reached: ${what[quota]}; nothing was stored (${room})`;
}
