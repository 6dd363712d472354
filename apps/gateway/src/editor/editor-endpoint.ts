import { applyDecorators, UseGuards } from '@nestjs/common';
import { EditorTokenGuard } from '../auth/editor-token.guard';
import type { Operation } from '../rate-limits/limits';
import { RateLimited, RateLimitGuard } from '../rate-limits/rate-limit.guard';

/** An editor-API endpoint: the token (checked with its origin) first, then the person's rate limit. */
export const EditorEndpoint = (operation: Operation) => applyDecorators(RateLimited(operation), UseGuards(EditorTokenGuard, RateLimitGuard));
