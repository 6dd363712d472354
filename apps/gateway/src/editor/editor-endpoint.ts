import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { TokenAccess } from '@embed/contracts';
import { EditorTokenGuard } from '../auth/editor-token.guard';
import { ApiErrors, ApiOperation, ApiSecurity, type OperationDoc } from '../openapi/operation-doc';
import type { Operation } from '../rate-limits/limits';
import { RateLimited, RateLimitGuard } from '../rate-limits/rate-limit.guard';
import { REQUIRED_ACCESS } from '../auth/token-access';

/**
 * What a read token may do: open, list, preview and export (contracts §3). Every other
 * operation writes, so a new one is refused to read tokens until it is named here.
 */
const READ_OPERATIONS: ReadonlySet<Operation> = new Set(['editorRead', 'editorExport', 'editorRender']);

/** An editor-API endpoint: the token (checked with its origin and what it allows) first, then the person's rate limit. */
export const EditorEndpoint = (operation: Operation, doc: OperationDoc) => {
  const access: TokenAccess = READ_OPERATIONS.has(operation) ? 'read' : 'edit';
  return applyDecorators(
    RateLimited(operation),
    SetMetadata(REQUIRED_ACCESS, access),
    UseGuards(EditorTokenGuard, RateLimitGuard),
    ApiOperation(doc),
    ApiSecurity('editorToken'),
    // The token is verified by the designs service: unknown, of another origin, or of a suspended project.
    ApiErrors({ 401: ['token_invalid'], 403: ['origin_not_allowed', 'project_suspended', 'workspace_suspended', ...(access === 'edit' ? ['token_read_only' as const] : [])], 503: ['service_unavailable'] }),
  );
};
