import { Injectable } from '@nestjs/common';
import {
  type EditorSession,
  fail,
  type MintedToken,
  type MintTokenRequest,
  ok,
  type ServiceReply,
  type TenantScope,
  type VerifyTokenRequest,
} from '@embed/contracts';
import { hashSecret, newEditorToken } from '@embed/credentials';
import { EditorTokensRepository, SitesRepository } from '@embed/data-access';
import { isLocalhostOrigin, normalizeOrigin, OriginError } from '@embed/origin-rules';
import { userErased } from '../common/replies';
import { PeopleService } from '../people/people.service';

const tokenInvalid = () => fail(401, 'token_invalid', 'the editor token is unknown or expired');

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
  async mint({ scope, userId, origin, ttlSeconds }: MintTokenRequest): Promise<ServiceReply<MintedToken>> {
    if (!isNormalOrigin(origin)) return fail(400, 'request_invalid', 'origin must be a normalised origin (scheme://host[:port])');
    if (!(await this.originAllowed(scope, origin)))
      return fail(403, 'origin_not_allowed', `${origin} is not an allowed site of this project's ${scope.environment} environment`);
    const person = await this.people.known({ ...scope, userId });
    if (!person.ok) return person;
    const token = newEditorToken();
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    await this.tokens.create(person.value, { tokenHash: hashSecret(token), origin, expiresAt });
    return ok({ token, expiresAt: expiresAt.toISOString() });
  }

  /**
   * What a token acts for. A token used from another site than its own (or with no
   * Origin at all) is a real token in the wrong place, so it is answered 403
   * origin_not_allowed rather than 401: the editor should not ask for a new token.
   */
  async verify({ token, origin }: VerifyTokenRequest): Promise<ServiceReply<EditorSession>> {
    const found = await this.tokens.findByHash(hashSecret(token));
    if (!found || found.expiresAt.getTime() <= Date.now()) return tokenInvalid();
    if (origin !== found.origin) return fail(403, 'origin_not_allowed', `this token is for ${found.origin} only`);
    if (found.projectSuspended) return fail(403, 'project_suspended', 'the project is suspended');
    if (found.workspaceSuspended) return fail(403, 'workspace_suspended', 'the embed is suspended for this workspace');
    if (found.person.state === 'erasing') return userErased();
    const { projectId, environment, userId } = found.person;
    return ok({ projectId, environment, userId, origin: found.origin, mode: found.mode });
  }

  /** A test environment also allows localhost on any port (spec 4.1). */
  private async originAllowed(scope: TenantScope, origin: string): Promise<boolean> {
    return (scope.environment === 'test' && isLocalhostOrigin(origin)) || this.sites.isAllowed(scope, origin);
  }
}
