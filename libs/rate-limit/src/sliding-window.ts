import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { SLIDING_WINDOW_SCRIPT } from './sliding-window-script';

export interface WindowDecision {
  allowed: boolean;
  limit: number;
  /** Requests still allowed in the window after this one. */
  remaining: number;
  /** Milliseconds until the oldest request counted leaves the window (one more is then allowed). */
  waitMs: number;
}

type ScriptedRedis = Redis & { slidingWindowTake(key: string, limit: number, windowMs: number, member: string): Promise<[number, number, number]> };
const COMMAND = 'slidingWindowTake';

/**
 * Counts requests per key in a sliding window kept in Redis: in no span of `windowMs`
 * are more than `limit` requests of one key allowed, however they fall (a fixed window
 * lets up to twice the limit through around its boundary). Refused requests are not
 * counted, so a client that keeps retrying is let in as soon as a place frees.
 */
export class SlidingWindowLimiter {
  private readonly redis: ScriptedRedis;
  /**
   * Each admission is named by this limiter's random prefix and a count: unique across
   * replicas without asking the system for randomness on every request (1.5% of the
   * gateway's time under load).
   */
  private readonly memberPrefix = `${randomBytes(9).toString('base64url')}.`;
  private admissions = 0;

  constructor(redis: Redis, private readonly keyPrefix: string) {
    // ioredis sends the script once per connection (EVALSHA, then EVAL if Redis lost it).
    redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: SLIDING_WINDOW_SCRIPT });
    this.redis = redis as ScriptedRedis;
  }

  async take(key: string, limit: number, windowMs: number): Promise<WindowDecision> {
    const member = this.memberPrefix + (this.admissions++).toString(36);
    const [admitted, count, waitMs] = await this.redis[COMMAND](`${this.keyPrefix}:${key}`, limit, windowMs, member);
    return { allowed: admitted === 1, limit, remaining: Math.max(0, limit - count), waitMs };
  }
}
