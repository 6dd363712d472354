import { Controller, Header, HttpCode } from '@nestjs/common';
import { type CreateTokenBody, CreateTokenBodySchema, DEFAULT_TOKEN_TTL_SECONDS, DESIGNS_SUBJECTS, type MintedToken, type MintTokenRequest } from '@embed/contracts';
import type { KeyContext } from '@embed/data-access';
import { normalizeOrigin, OriginError } from '@embed/origin-rules';
import { Key } from '../auth/authenticated-request';
import { ApiError } from '../http/api-error';
import { ServiceCalls } from '../services/call-service';
import { BodyOf } from '../http/inputs';
import { EmbedEndpoint } from './embed-endpoint';
import { IdempotentPost } from '../idempotency/idempotent-post';
import { tenantScopeOf } from '../auth/tenant-scope';

@Controller('embed/v1/tokens')
export class TokensController {
  constructor(private readonly services: ServiceCalls) {}

  /** Spec 4.1: a short-lived token for one person on one site; never to be cached. */
  @IdempotentPost()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @EmbedEndpoint('createToken', {
    summary: 'A short-lived editor token for one person on one site (spec 4.1).',
    answers: { 200: 'Token' },
    errors: { 403: ['origin_not_allowed'], 409: ['user_erased'] },
  })
  async create(@Key() key: KeyContext, @BodyOf(CreateTokenBodySchema) body: CreateTokenBody): Promise<MintedToken> {
    let origin: string;
    try {
      origin = normalizeOrigin(body.origin);
    } catch (error) {
      if (error instanceof OriginError) throw new ApiError(400, 'request_invalid', `origin ${error.message}`);
      throw error;
    }
    const request: MintTokenRequest = {
      scope: tenantScopeOf(key),
      keyId: key.keyId,
      userId: body.user.id,
      origin,
      ttlSeconds: body.ttl ?? DEFAULT_TOKEN_TTL_SECONDS,
      access: body.access ?? 'edit',
    };
    return this.services.call(DESIGNS_SUBJECTS.mintToken, request);
  }
}
