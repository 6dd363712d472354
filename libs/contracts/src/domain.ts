/** A key's environment; data of one never shows in the other. */
export const ENVIRONMENTS = ['test', 'live'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** A project makes exactly one mode of design. */
export const DESIGN_MODES = ['email', 'page', 'popup', 'document'] as const;
export type DesignMode = (typeof DESIGN_MODES)[number];

/** What an editor token allows: `read` opens, lists, previews and exports; `edit` writes too (contracts §3). */
export const TOKEN_ACCESS = ['edit', 'read'] as const;
export type TokenAccess = (typeof TOKEN_ACCESS)[number];

/** What every tenant-owned read or write is scoped by. */
export interface TenantScope {
  projectId: string;
  environment: Environment;
}
