import type { MintTokenRequest, VerifyTokenRequest } from '@embed/contracts';
import { payloadChecker, strictObject, tenantScopeSchema } from '../common/payload-check';

const origin = { type: 'string', minLength: 1, maxLength: 2048 };

export const checkMintToken = payloadChecker<MintTokenRequest>(
  strictObject(
    {
      scope: tenantScopeSchema,
      userId: { type: 'string', minLength: 1, maxLength: 256 },
      origin,
      ttlSeconds: { type: 'integer', minimum: 60, maximum: 900 },
    },
    ['scope', 'userId', 'origin', 'ttlSeconds'],
  ),
);

// Token and Origin come from request headers as sent: any string that is not a stored
// token, or not the token's site, is answered 401 or 403 by the service, not 400 here.
export const checkVerifyToken = payloadChecker<VerifyTokenRequest>(
  strictObject({ token: { type: 'string', minLength: 1 }, origin: { type: ['string', 'null'] } }, ['token', 'origin']),
);
