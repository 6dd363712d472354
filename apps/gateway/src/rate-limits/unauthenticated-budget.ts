import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ApiError } from '../http/api-error';
import { secondsUntil, UNKNOWN_CREDENTIALS_PER_ADDRESS } from './limits';
import { RATE_LIMIT_MULTIPLIER, RATE_WINDOW } from './rate-limiter.service';

/**
 * The work a request causes before anyone is known, counted per client address: an editor
 * token looked up that does not exist, an Origin looked up that is no editor site. Each
 * costs a query, so one client making up tokens or origins could keep the database busy
 * for everyone. Counted in this replica's memory, so that counting costs no I/O either;
 * known tokens and sites never count, so an integrator's users are not limited by it.
 */
@Injectable()
export class UnauthenticatedBudget {
  private readonly limiter: RateLimiterMemory;

  constructor(@Inject(RATE_LIMIT_MULTIPLIER) multiplier: number, @Inject(RATE_WINDOW) windowSeconds: number) {
    this.limiter = new RateLimiterMemory({ points: Math.round(UNKNOWN_CREDENTIALS_PER_ADDRESS * multiplier), duration: windowSeconds });
  }

  /** Throws 429 rate_limited (with Retry-After) when `address` has used its budget. */
  async assertLeft(address: string): Promise<void> {
    const used = await this.limiter.get(address);
    if (!used || used.consumedPoints < this.limiter.points) return;
    const wait = secondsUntil(used.msBeforeNext);
    throw ApiError.rateLimited(`Too many unknown editor tokens or sites from this address; retry after ${wait} s.`, wait);
  }

  /** Counts one lookup that found nothing. */
  async spend(address: string): Promise<void> {
    await this.limiter.penalty(address, 1);
  }
}
