import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { SlidingWindowLimiter } from '@embed/rate-limit';
import { RedisConnection } from '@embed/service-runtime';
import { type Operation, RATE_LIMITS, type RateDecision, secondsUntil } from './limits';

export const RATE_LIMIT_MULTIPLIER = 'RATE_LIMIT_MULTIPLIER';
/** The window rate limits count in, in seconds (rateWindowSeconds). */
export const RATE_WINDOW = 'RATE_WINDOW';

/**
 * Counts requests in a sliding window kept in Redis, so that a limit holds across every
 * gateway replica and no 60 seconds ever pass more than it. If Redis is unreachable,
 * each replica counts on its own (in fixed windows) until it is back.
 */
@Injectable()
export class RateLimiterService {
  private readonly window: SlidingWindowLimiter;
  private readonly limits: Record<Operation, number>;
  private readonly alone: Record<Operation, RateLimiterMemory>;

  constructor(
    redis: RedisConnection,
    @Inject(RATE_LIMIT_MULTIPLIER) multiplier: number,
    @Inject(RATE_WINDOW) private readonly windowSeconds: number,
  ) {
    this.window = new SlidingWindowLimiter(redis, 'rate-window');
    const operations = Object.keys(RATE_LIMITS) as Operation[];
    this.limits = Object.fromEntries(operations.map((operation) => [operation, Math.round(RATE_LIMITS[operation] * multiplier)])) as Record<Operation, number>;
    this.alone = Object.fromEntries(
      operations.map((operation) => [operation, new RateLimiterMemory({ points: this.limits[operation], duration: windowSeconds })]),
    ) as Record<Operation, RateLimiterMemory>;
  }

  async consume(operation: Operation, subject: string): Promise<RateDecision> {
    const limit = this.limits[operation];
    try {
      const decision = await this.window.take(`${operation}:${subject}`, limit, this.windowSeconds * 1000);
      return { allowed: decision.allowed, limit, remaining: decision.remaining, resetSeconds: secondsUntil(decision.waitMs), windowSeconds: this.windowSeconds };
    } catch {
      return this.countAlone(operation, subject);
    }
  }

  private async countAlone(operation: Operation, subject: string): Promise<RateDecision> {
    const limit = this.limits[operation];
    try {
      const result = await this.alone[operation].consume(subject);
      return { allowed: true, limit, remaining: result.remainingPoints, resetSeconds: secondsUntil(result.msBeforeNext), windowSeconds: this.windowSeconds };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, limit, remaining: 0, resetSeconds: secondsUntil(rejection.msBeforeNext), windowSeconds: this.windowSeconds };
    }
  }
}
