import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import { bearerCredential } from './bearer';
import { KeyResolver } from './key-resolver';
import type { AuthenticatedRequest } from './authenticated-request';

/** Server API: the secret key decides the project and environment; suspension refuses everything. */
@Injectable()
export class SecretKeyGuard implements CanActivate {
  constructor(private readonly keys: KeyResolver) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const secret = bearerCredential(request.headers.authorization);
    const key = secret ? await this.keys.resolve(secret) : null;
    if (!key || key.revoked) {
      throw new ApiError(401, 'key_invalid', 'Send a valid secret key as "Authorization: Bearer <key>"; this one is missing, revoked or not issued.');
    }
    if (key.workspaceSuspended) throw new ApiError(403, 'workspace_suspended', 'The embed is suspended for the workspace owning this project.');
    if (key.projectSuspended) throw new ApiError(403, 'project_suspended', 'This project is suspended.');
    request.key = key;
    return true;
  }
}
