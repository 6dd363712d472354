import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RedisConnection } from '@embed/service-runtime';
import { type Operation, RATE_LIMITS, RATE_WINDOW_SECONDS, type RateDecision, secondsUntil } from './limits';

export const RATE_LIMIT_MULTIPLIER = 'RATE_LIMIT_MULTIPLIER';

/**
 * Counts requests in Redis, so that a limit holds across every gateway replica. If
 * Redis is unreachable, each replica counts on its own until it is back.
 */
@Injectable()
export class RateLimiterService {
  private readonly limiters: Record<Operation, RateLimiterRedis>;

  constructor(redis: RedisConnection, @Inject(RATE_LIMIT_MULTIPLIER) multiplier: number) {
    this.limiters = Object.fromEntries(
      (Object.keys(RATE_LIMITS) as Operation[]).map((operation) => {
        const options = { points: Math.round(RATE_LIMITS[operation] * multiplier), duration: RATE_WINDOW_SECONDS, keyPrefix: `rate:${operation}` };
        return [operation, new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })];
      }),
    ) as Record<Operation, RateLimiterRedis>;
  }

  async consume(operation: Operation, subject: string): Promise<RateDecision> {
    const limiter = this.limiters[operation];
    try {
      const result = await limiter.consume(subject);
      return { allowed: true, limit: limiter.points, remaining: result.remainingPoints, resetSeconds: secondsUntil(result.msBeforeNext) };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, limit: limiter.points, remaining: 0, resetSeconds: secondsUntil(rejection.msBeforeNext) };
    }
  }
}
