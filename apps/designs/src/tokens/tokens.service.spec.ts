import type { EditorTokenContext, EditorTokensRepository, KnownPerson, SitesRepository } from '@embed/data-access';
import { hashSecret } from '@embed/credentials';
import type { PeopleService } from '../people/people.service';
import { TokensService } from './tokens.service';
import { ok } from '@embed/contracts';

const scope = { projectId: 'prj_1', environment: 'live' as const };
const person: KnownPerson = { ...scope, userId: 'user-1', personId: 'psn_1', state: 'active' };

function setup({ allowed = ['https://app.example.com'], token }: { allowed?: string[]; token?: Partial<EditorTokenContext> } = {}) {
  const stored: { tokenHash: string; keyId: string; origin: string; access: string; expiresAt: Date }[] = [];
  const tokens = {
    create: jest.fn(async (_person: KnownPerson, record: (typeof stored)[number]) => void stored.push(record)),
    findByHash: jest.fn(async () =>
      token ? { person, origin: 'https://app.example.com', access: 'edit', expiresAt: new Date(Date.now() + 60_000), mode: 'email', projectSuspended: false, workspaceSuspended: false, keyRevoked: false, originListed: true, ...token } : null,
    ),
  };
  const sites = { isAllowed: jest.fn(async (_scope: unknown, origin: string) => allowed.includes(origin)) };
  const people = { known: jest.fn(async () => ok(person)) };
  const service = new TokensService(people as unknown as PeopleService, sites as unknown as SitesRepository, tokens as unknown as EditorTokensRepository);
  return { service, stored, people };
}

const mint = { scope, keyId: 'key_1', userId: 'user-1', origin: 'https://app.example.com', ttlSeconds: 600 };
/** The request the token is minted in. */
const context = { requestId: 'req_1' };

describe('TokensService.mint', () => {
  it('keeps only the hash of the token it hands out, with its origin and expiry', async () => {
    const { service, stored } = setup();
    const reply = await service.mint(mint, context);
    if (!reply.ok) throw new Error('expected a token');
    expect(stored).toEqual([{ tokenHash: hashSecret(reply.value.token), keyId: 'key_1', origin: mint.origin, access: 'edit', expiresAt: new Date(reply.value.expiresAt) }]);
    expect(Date.parse(reply.value.expiresAt) - Date.now()).toBeGreaterThan(590_000);
  });

  it('keeps what the token allows', async () => {
    const { service, stored } = setup();
    await service.mint({ ...mint, access: 'read' }, context);
    expect(stored).toEqual([expect.objectContaining({ access: 'read' })]);
  });

  it('refuses a site that is not allowed, without making the person known', async () => {
    const { service, people } = setup();
    await expect(service.mint({ ...mint, origin: 'https://evil.example.com' }, context)).resolves.toMatchObject({ ok: false, error: { status: 403, code: 'origin_not_allowed' } });
    expect(people.known).not.toHaveBeenCalled();
  });

  it('allows localhost on any port in a test environment only', async () => {
    const { service } = setup();
    const local = { ...mint, origin: 'http://localhost:5173' };
    expect((await service.mint({ ...local, scope: { ...scope, environment: 'test' } }, context)).ok).toBe(true);
    expect((await service.mint(local, context)).ok).toBe(false);
  });

  it('refuses an origin that was not normalised', async () => {
    const { service } = setup();
    await expect(service.mint({ ...mint, origin: 'https://APP.example.com:443/path' }, context)).resolves.toMatchObject({ ok: false, error: { code: 'request_invalid' } });
  });
});

describe('TokensService.verify', () => {
  const verify = { token: 'et_x', origin: 'https://app.example.com' };

  it('answers what the token acts for', async () => {
    await expect(setup({ token: {} }).service.verify(verify)).resolves.toEqual({
      ...ok({ ...scope, userId: 'user-1', origin: 'https://app.example.com', mode: 'email', access: 'edit' }),
      tokenOrigin: 'https://app.example.com',
    });
  });

  it('answers what a read token allows', async () => {
    await expect(setup({ token: { access: 'read' } }).service.verify(verify)).resolves.toMatchObject({ ok: true, value: { access: 'read' } });
  });

  it.each([
    ['an unknown token', undefined, verify.origin, 401, 'token_invalid'],
    ['an expired token', { expiresAt: new Date(Date.now() - 1) }, verify.origin, 401, 'token_invalid'],
    ['another origin', {}, 'https://other.example.com', 403, 'origin_not_allowed'],
    ['no origin', {}, null, 403, 'origin_not_allowed'],
    ['a suspended project', { projectSuspended: true }, verify.origin, 403, 'project_suspended'],
    ['a suspended workspace', { workspaceSuspended: true }, verify.origin, 403, 'workspace_suspended'],
    ['a person being erased', { person: { ...person, state: 'erasing' as const } }, verify.origin, 409, 'user_erased'],
    ['a token whose key was revoked', { keyRevoked: true }, verify.origin, 401, 'token_invalid'],
    ['a token whose site was removed', { originListed: false }, verify.origin, 401, 'token_invalid'],
    ['a localhost token of a live environment', { origin: 'http://localhost:5173', originListed: false }, 'http://localhost:5173', 401, 'token_invalid'],
  ])('refuses %s', async (_case, token, origin, status, code) => {
    const reply = await setup({ token }).service.verify({ token: 'et_x', origin });
    expect(reply).toMatchObject({ ok: false, error: { status, code } });
    // The site a stored token is for may read the refusal; an unknown token names none.
    const stored: Partial<EditorTokenContext> | undefined = token;
    expect(reply.tokenOrigin).toBe(stored ? (stored.origin ?? 'https://app.example.com') : undefined);
  });

  it('keeps a localhost token of a test environment working, though no site lists localhost', async () => {
    const local = 'http://localhost:5173';
    const test = { ...person, environment: 'test' as const };
    const reply = await setup({ token: { person: test, origin: local, originListed: false } }).service.verify({ token: 'et_x', origin: local });
    expect(reply.ok).toBe(true);
  });
});
