/**
 * Requests per minute, per operation. Server-API limits are per secret key (spec
 * section 8); editor-API limits are ours, per person (one token's holder).
 */
export const RATE_LIMITS = {
  createToken: 600,
  listDesigns: 600,
  getDesign: 600,
  createDesign: 600,
  exportDesign: 120,
  renderDesign: 120,
  importDesign: 120,
  eraseUser: 60,
  listTemplates: 600,
  getTemplate: 600,
  // Creating and replacing a template make its thumbnail in the renderer's browser, as a PNG export does.
  createTemplate: 120,
  replaceTemplate: 120,
  deleteTemplate: 600,
  getBrandKit: 600,
  listProjectImages: 600,
  uploadProjectImage: 600,
  deleteProjectImage: 600,
  putBrandKit: 600,
  listRows: 600,
  createRow: 600,
  getRow: 600,
  replaceRow: 600,
  deleteRow: 600,
  editorRead: 600,
  editorWrite: 600,
  editorExport: 120,
  editorRender: 120,
} as const;

export type Operation = keyof typeof RATE_LIMITS;
export const RATE_WINDOW_SECONDS = 60;

/** The window a gateway counts in: the minute, shrunk on a test stack by TEST_TIME_SCALE (whole seconds, at least one). */
export const rateWindowSeconds = (testTimeScale: number) => Math.max(1, Math.round(RATE_WINDOW_SECONDS * testTimeScale));

/** Per minute and client address: editor tokens and Origins looked up that turned out unknown (UnauthenticatedBudget). */
export const UNKNOWN_CREDENTIALS_PER_ADDRESS = 60;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until one more request is allowed (the oldest counted leaves the window): at least 1, so that waiting that long works. */
  resetSeconds: number;
  /** The window counted in, in seconds (RATE_WINDOW_SECONDS but on a test stack). */
  windowSeconds: number;
}

export const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The IETF RateLimit and RateLimit-Policy fields (draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitHeaders(operation: Operation, decision: RateDecision): Record<string, string> {
  return {
    'RateLimit-Policy': `"${operation}";q=${decision.limit};w=${decision.windowSeconds}`,
    RateLimit: `"${operation}";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
}
