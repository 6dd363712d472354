import { applyDecorators, Post, UseInterceptors } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/**
 * A POST of the server or editor API: it takes an `Idempotency-Key`. The interceptor is
 * put on these routes only, not on every route: Nest runs any interceptor through a chain
 * of observables and bound async resources, which the API benchmark's GETs felt.
 * idempotent-post.spec.ts holds every key or token POST to it.
 */
export const IdempotentPost = (path?: string) => applyDecorators(Post(path), UseInterceptors(IdempotencyInterceptor));
