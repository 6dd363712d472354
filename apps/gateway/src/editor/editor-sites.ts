import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { SitesRepository } from '@embed/data-access';
import { isLocalhostOrigin, normalizeOrigin, OriginError } from '@embed/origin-rules';
import { UnauthenticatedBudget } from '../rate-limits/unauthenticated-budget';

/** As short as the key cache's: a site removed stops being answered CORS on every replica within a second. */
const CACHE_TTL_MS = 500;

/** The origin as a browser sends it, when it is one (scheme://host[:port]); `null` and anything else are not. */
function browserOrigin(origin: string): string | null {
  try {
    return normalizeOrigin(origin) === origin ? origin : null;
  } catch (error) {
    if (error instanceof OriginError) return null;
    throw error;
  }
}

/**
 * The sites the editor may be embedded on before any token says which (contracts §3):
 * an allowed site of some project, in either environment, or localhost. Answers are
 * cached per origin, both ways, so that preflights from anywhere cost one indexed query
 * a second per origin at most; the origins looked up that are no editor site count
 * against the asking client's address (UnauthenticatedBudget), which answers 429 once
 * it has made up too many.
 */
@Injectable()
export class EditorSites {
  private readonly cache = new LRUCache<string, boolean>({ max: 10_000, ttl: CACHE_TTL_MS });

  constructor(
    private readonly sites: SitesRepository,
    private readonly budget: UnauthenticatedBudget,
  ) {}

  /** Whether `origin` is an editor site, asked for by the client at address `client`. */
  async isEditorSite(origin: string, client: string): Promise<boolean> {
    const normal = browserOrigin(origin);
    if (!normal) return false;
    if (isLocalhostOrigin(normal)) return true;
    let allowed = this.cache.get(normal);
    if (allowed === undefined) {
      await this.budget.assertLeft(client);
      allowed = await this.sites.isAllowedAnywhere(normal);
      this.cache.set(normal, allowed);
      if (!allowed) await this.budget.spend(client);
    }
    return allowed;
  }
}
