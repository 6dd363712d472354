import { Injectable } from '@nestjs/common';
import {
  type EditorSession,
  type Environment,
  fail,
  type MintedToken,
  type MintTokenRequest,
  ok,
  type RequestContext,
  type ServiceReply,
  type VerifyTokenReply,
  type VerifyTokenRequest,
} from '@embed/contracts';
import { hashSecret, newEditorToken } from '@embed/credentials';
import { type EditorTokenContext, EditorTokensRepository, SitesRepository } from '@embed/data-access';
import { isLocalhostOrigin, normalizeOrigin, OriginError } from '@embed/origin-rules';
import { unlessErased, userErased } from '../common/replies';
import { PeopleService } from '../people/people.service';

const tokenInvalid = () => fail(401, 'token_invalid', 'the editor token is unknown, expired, or ended with its key or its site');

/** An origin listed among the allowed sites, or localhost on any port in a test environment (spec 4.1). */
const originAllowed = (environment: Environment, origin: string, listed: boolean) => listed || (environment === 'test' && isLocalhostOrigin(origin));

/** Whether `origin` is already in the normal form the gateway promises and the sites table holds. */
function isNormalOrigin(origin: string): boolean {
  try {
    return normalizeOrigin(origin) === origin;
  } catch (error) {
    if (error instanceof OriginError) return false;
    throw error;
  }
}

@Injectable()
export class TokensService {
  constructor(
    private readonly people: PeopleService,
    private readonly sites: SitesRepository,
    private readonly tokens: EditorTokensRepository,
  ) {}

  /** A token for one person on one site; only its hash is kept. Minting makes the person known. */
  async mint({ scope, keyId, userId, origin, ttlSeconds, access = 'edit' }: MintTokenRequest, context: RequestContext): Promise<ServiceReply<MintedToken>> {
    if (!isNormalOrigin(origin)) return fail(400, 'request_invalid', 'origin must be a normalised origin (scheme://host[:port])');
    if (!originAllowed(scope.environment, origin, await this.sites.isAllowed(scope, origin)))
      return fail(403, 'origin_not_allowed', `${origin} is not an allowed site of this project's ${scope.environment} environment`);
    const person = await this.people.known({ ...scope, userId }, context);
    if (!person.ok) return person;
    const token = newEditorToken();
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    return unlessErased(async () => {
      await this.tokens.create(person.value, { tokenHash: hashSecret(token), keyId, origin, access, expiresAt }, context);
      return ok({ token, expiresAt: expiresAt.toISOString() });
    });
  }

  /**
   * What a token acts for. A token used from another site than its own (or with no
   * Origin at all) is a real token in the wrong place, so it is answered 403
   * origin_not_allowed rather than 401: the editor should not ask for a new token.
   * Every refusal of a stored token names its site (VerifyTokenReply).
   */
  async verify({ token, origin }: VerifyTokenRequest): Promise<VerifyTokenReply> {
    const found = await this.tokens.findByHash(hashSecret(token));
    if (!found) return tokenInvalid();
    return { ...this.check(found, origin), tokenOrigin: found.origin };
  }

  private check(found: EditorTokenContext, origin: string | null): ServiceReply<EditorSession> {
    if (found.expiresAt.getTime() <= Date.now()) return tokenInvalid();
    // A token ends with the key that minted it and with its site's place among the allowed ones.
    if (found.keyRevoked || !originAllowed(found.person.environment, found.origin, found.originListed)) return tokenInvalid();
    if (origin !== found.origin) return fail(403, 'origin_not_allowed', `this token is for ${found.origin} only`);
    if (found.projectSuspended) return fail(403, 'project_suspended', 'the project is suspended');
    if (found.workspaceSuspended) return fail(403, 'workspace_suspended', 'the embed is suspended for this workspace');
    if (found.person.state === 'erasing') return userErased();
    const { projectId, environment, userId } = found.person;
    return ok({ projectId, environment, userId, origin: found.origin, mode: found.mode, access: found.access });
  }
}
