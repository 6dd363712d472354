import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DESIGNS_SUBJECTS, type TokenAccess, type VerifyTokenReply, type VerifyTokenRequest } from '@embed/contracts';
import { hashSecret, isEditorTokenShaped } from '@embed/credentials';
import { ApiError } from '../http/api-error';
import { UnauthenticatedBudget } from '../rate-limits/unauthenticated-budget';
import { ServiceCalls } from '../services/call-service';
import { bearerCredential } from './bearer';
import type { AuthenticatedRequest } from './authenticated-request';
import { accessAllows, REQUIRED_ACCESS } from './token-access';

/**
 * How long a token the designs service did not find is refused without asking again. No
 * token becomes known later (each is random and new when minted), so this only spares
 * the service the same made-up token over and over.
 */
const UNKNOWN_TTL_MS = 30_000;

const tokenInvalid = () => new ApiError(401, 'token_invalid', 'Send the editor token as "Authorization: Bearer <token>"; this one is missing, unknown or expired.');

/** A refusal of a token the service has no record of at all (a stored one's refusal names its site). */
const isUnknown = (reply: VerifyTokenReply) => !reply.ok && reply.tokenOrigin === undefined && reply.error.code === 'token_invalid';

/**
 * Editor API: the token acts for one person on one site, for what it allows (edit, or
 * read only). A known token is checked on every call (never cached), so that a token of
 * a person being erased stops working at once. What cannot be a token is refused without
 * any I/O, an unknown one is remembered briefly, and the lookups that find nothing are
 * limited per client address (UnauthenticatedBudget).
 */
@Injectable()
export class EditorTokenGuard implements CanActivate {
  private readonly unknown = new LRUCache<string, true>({ max: 10_000, ttl: UNKNOWN_TTL_MS });

  constructor(
    private readonly services: ServiceCalls,
    private readonly budget: UnauthenticatedBudget,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerCredential(request.headers.authorization);
    if (!token || !isEditorTokenShaped(token)) throw tokenInvalid();
    const hash = hashSecret(token);
    if (this.unknown.has(hash)) throw tokenInvalid();
    await this.budget.assertLeft(request.ip);

    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : null;
    const verify: VerifyTokenRequest = { token, origin };
    const reply = await this.services.reply(DESIGNS_SUBJECTS.verifyToken, verify);
    if (isUnknown(reply)) {
      this.unknown.set(hash, true);
      await this.budget.spend(request.ip);
    }
    // Known even when the token is refused: its site, and only its site, may read the answer (editor-cors).
    request.tokenOrigin = reply.tokenOrigin;
    if (!reply.ok) throw ApiError.fromService(reply.error);
    const required: TokenAccess = Reflect.getMetadata(REQUIRED_ACCESS, context.getHandler());
    if (!accessAllows(reply.value.access, required)) throw new ApiError(403, 'token_read_only', 'This token is for reading: it opens, lists, previews and exports designs, and changes nothing.');
    request.session = reply.value;
    return true;
  }
}
