/** What the page's getToken may resolve to: the token, or the token answer of the integrator's server as it is. */
export type TokenSource = () => Promise<string | { token: string; expiresAt?: string }> | string | { token: string; expiresAt?: string };

/** Tokens live 60 to 900 seconds; one without a stated expiry is renewed before the shortest could end. */
export const UNSTATED_LIFETIME_MS = 45_000;
export const RENEW_BEFORE_MS = 30_000;

/**
 * Holds the editor's token in memory only. It is asked for at mount, renewed before it
 * expires (by a timer, so a save after a long pause does not wait for a new one) and once
 * more after a 401. A renewal that fails leaves the token as it was, to be asked for
 * again at the next call.
 */
export class TokenKeeper {
  private token: { value: string; renewAt: number } | null = null;
  private pending: Promise<string> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** False once forgotten: a token asked for later (or already on its way) is used once, neither kept nor renewed. */
  private renewing = true;

  constructor(private readonly source: TokenSource) {}

  get(forceNew = false): Promise<string> {
    if (!forceNew && this.token && Date.now() < this.token.renewAt) return Promise.resolve(this.token.value);
    this.pending ??= this.fetch().finally(() => (this.pending = null));
    return this.pending;
  }

  /** Drops the token and stops renewing it for good (the editor is gone), a getToken in flight included. */
  forget(): void {
    this.renewing = false;
    clearTimeout(this.timer);
    this.token = null;
  }

  private async fetch(): Promise<string> {
    const answer = await this.source();
    const value = typeof answer === 'string' ? answer : answer?.token;
    if (typeof value !== 'string' || !value) throw new Error('getToken resolved to no token');
    const expiresAt = typeof answer === 'object' && answer.expiresAt ? Date.parse(answer.expiresAt) : NaN;
    const now = Date.now();
    const renewAt = Number.isNaN(expiresAt) ? now + UNSTATED_LIFETIME_MS : Math.max(now, expiresAt - RENEW_BEFORE_MS);
    if (!this.renewing) return value;
    this.token = { value, renewAt };
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.get().catch(() => undefined), Math.max(1000, renewAt - now));
    return value;
  }
}
