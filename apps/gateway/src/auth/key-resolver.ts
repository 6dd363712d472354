import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { hashSecret, secretKeyEnvironment } from '@embed/credentials';
import { type KeyContext, KeysRepository } from '@embed/data-access';

/**
 * Keys are cached for half a second: long enough to spare the database under load,
 * short enough that a revocation or suspension reaches every gateway replica within
 * a second without any broadcast.
 */
const CACHE_TTL_MS = 500;

@Injectable()
export class KeyResolver {
  private readonly cache = new LRUCache<string, KeyContext | 'unknown'>({ max: 10_000, ttl: CACHE_TTL_MS });

  constructor(private readonly keys: KeysRepository) {}

  /** The key's context, or null for anything that is not an issued key. Compared by hash only. */
  async resolve(secret: string): Promise<KeyContext | null> {
    if (!secretKeyEnvironment(secret)) return null;
    const hash = hashSecret(secret);
    let context = this.cache.get(hash);
    if (context === undefined) {
      context = (await this.keys.findBySecretHash(hash)) ?? 'unknown';
      this.cache.set(hash, context);
    }
    return context === 'unknown' ? null : context;
  }
}
