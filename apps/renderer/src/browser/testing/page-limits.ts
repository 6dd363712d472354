import type { PageLimits } from '../page-policy';

/** Limits that a test of something else than them never meets. */
export const ROOMY_PAGES: PageLimits = { total: 16, perTenant: 4, jobsPerPage: 50, idleMs: 60_000 };
