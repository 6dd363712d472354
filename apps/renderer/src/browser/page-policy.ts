/**
 * The bounds of Chromium's working set in the renderer: its memory is mostly its pages
 * (each in a context, and a renderer process, of its own), so the memory stays put when
 * the number of pages does. Set by RENDER_PAGES_* (exports/files.providers.ts).
 */
export interface PageLimits {
  /** Pages open at once at most, in every state: being prepared, spare, serving a job, kept for a tenant, closing. */
  total: number;
  /** Pages kept for one tenant's next jobs at most. */
  perTenant: number;
  /** Jobs one page serves before it is closed and a fresh one takes its place. */
  jobsPerPage: number;
  /** How long a kept page waits for its tenant's next job before it is closed. */
  idleMs: number;
}

/** A page kept for its tenant's next job, as the policy sees it. */
export interface KeptPage {
  tenant: string;
}

/**
 * Whether a page that has served `jobs` jobs may be kept for its tenant's next one: not
 * when it has served its share, nor while another page waits for a slot (`demand`), which
 * this page's slot is then for.
 */
export function mayKeep(jobs: number, demand: number, limits: PageLimits): boolean {
  return jobs < limits.jobsPerPage && demand === 0;
}

/**
 * The kept pages (in the order kept, oldest first) to close now: each tenant's oldest past
 * its `perTenant`, then the oldest of all past `room`, the pages that may be kept beside
 * the others open (`total` less the pages open and not kept, less the slots that other
 * pages wait for).
 */
export function keptToClose<K extends KeptPage>(kept: readonly K[], room: number, limits: PageLimits): K[] {
  const perTenant = new Map<string, number>();
  const closing = new Set<K>();
  for (let at = kept.length - 1; at >= 0; at--) {
    const count = (perTenant.get(kept[at].tenant) ?? 0) + 1;
    perTenant.set(kept[at].tenant, count);
    if (count > limits.perTenant) closing.add(kept[at]);
  }
  const staying = kept.filter((page) => !closing.has(page));
  for (const page of staying.slice(0, Math.max(0, staying.length - Math.max(0, room)))) closing.add(page);
  return kept.filter((page) => closing.has(page));
}
