import { applyDecorators, UseGuards } from '@nestjs/common';
import { EditorTokenGuard } from '../auth/editor-token.guard';
import { ApiErrors, ApiOperation, ApiSecurity, type OperationDoc } from '../openapi/operation-doc';
import type { Operation } from '../rate-limits/limits';
import { RateLimited, RateLimitGuard } from '../rate-limits/rate-limit.guard';

/** An editor-API endpoint: the token (checked with its origin) first, then the person's rate limit. */
export const EditorEndpoint = (operation: Operation, doc: OperationDoc) =>
  applyDecorators(
    RateLimited(operation),
    UseGuards(EditorTokenGuard, RateLimitGuard),
    ApiOperation(doc),
    ApiSecurity('editorToken'),
    // The token is verified by the designs service: unknown, of another origin, or of a suspended project.
    ApiErrors({ 401: ['token_invalid'], 403: ['origin_not_allowed', 'project_suspended', 'workspace_suspended'], 503: ['service_unavailable'] }),
  );
