import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../auth/authenticated-request';
import { ApiError } from '../http/api-error';
import { type Operation, rateLimitHeaders } from './limits';
import { RateLimiterService } from './rate-limiter.service';

const OPERATION = 'rate-limit-operation';
export const RateLimited = (operation: Operation) => SetMetadata(OPERATION, operation);
/** The rate-limited operation a handler counts against, if any. */
export const rateLimitOf = (handler: object): Operation | undefined => Reflect.getMetadata(OPERATION, handler);

/** Counts the request against its operation's limit for its key (server API) or person (editor API). */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly limiter: RateLimiterService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const operation = rateLimitOf(context.getHandler());
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const { key, session } = request;
    const subject = key ? `key:${key.keyId}` : session ? `person:${session.projectId}:${session.environment}:${session.userId}` : null;
    if (!operation || !subject) throw new Error('RateLimitGuard needs an operation and an authenticated request');

    const decision = await this.limiter.consume(operation, subject);
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    void reply.headers(rateLimitHeaders(operation, decision));
    if (!decision.allowed) {
      void reply.header('Retry-After', String(decision.resetSeconds));
      throw new ApiError(429, 'rate_limited', `Too many requests for this ${key ? 'key' : 'person'}; retry after ${decision.resetSeconds} s.`);
    }
    return true;
  }
}
