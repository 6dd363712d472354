import { applyDecorators, UseGuards } from '@nestjs/common';
import { SecretKeyGuard } from '../auth/secret-key.guard';
import type { Operation } from '../rate-limits/limits';
import { RateLimited, RateLimitGuard } from '../rate-limits/rate-limit.guard';

/** A server-API endpoint: secret key first, then the operation's rate limit. */
export const EmbedEndpoint = (operation: Operation) => applyDecorators(RateLimited(operation), UseGuards(SecretKeyGuard, RateLimitGuard));
