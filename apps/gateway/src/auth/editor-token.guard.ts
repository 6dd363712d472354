import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { DESIGNS_SUBJECTS, type VerifyTokenRequest } from '@embed/contracts';
import { ApiError } from '../http/api-error';
import { ServiceCalls } from '../services/call-service';
import { bearerCredential } from './bearer';
import type { AuthenticatedRequest } from './request-context';

/**
 * Editor API: the token acts for one person on one site. It is checked on every call
 * (never cached), so that a token of a person being erased stops working at once.
 */
@Injectable()
export class EditorTokenGuard implements CanActivate {
  constructor(private readonly services: ServiceCalls) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerCredential(request.headers.authorization);
    if (!token) throw new ApiError(401, 'token_invalid', 'Send the editor token as "Authorization: Bearer <token>".');
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : null;
    const verify: VerifyTokenRequest = { token, origin };
    const reply = await this.services.reply(DESIGNS_SUBJECTS.verifyToken, verify);
    // Known even when the token is refused: its site, and only its site, may read the answer (editor-cors).
    request.tokenOrigin = reply.tokenOrigin;
    if (!reply.ok) throw ApiError.fromService(reply.error);
    request.session = reply.value;
    return true;
  }
}
