import { applyDecorators, UseGuards } from '@nestjs/common';
import { SecretKeyGuard } from '../auth/secret-key.guard';
import { ApiErrors, ApiOperation, ApiSecurity, type OperationDoc } from '../openapi/operation-doc';
import type { Operation } from '../rate-limits/limits';
import { RateLimited, RateLimitGuard } from '../rate-limits/rate-limit.guard';

/**
 * A server-API endpoint: secret key first, then the operation's rate limit. The
 * operation's name is its operationId (spec section 4); the errors are the guard's.
 */
export const EmbedEndpoint = (operation: Operation, doc: Omit<OperationDoc, 'operationId'>) =>
  applyDecorators(
    RateLimited(operation),
    UseGuards(SecretKeyGuard, RateLimitGuard),
    ApiOperation({ operationId: operation, ...doc }),
    ApiSecurity('secretKey'),
    ApiErrors({ 401: ['key_invalid'], 403: ['project_suspended', 'workspace_suspended'], 503: ['service_unavailable'] }),
  );
