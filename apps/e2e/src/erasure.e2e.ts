// @lane shared
import { admin, waitFor } from './support/stack';
import { call, EDITOR_SITE, editorSession, exampleDesign, expectError, newProject, saveDesign } from './support/api';
import { countRows, eraseUser, holdDesign, personRow, type PersonRef, userErasedEvents, waitUntilErased } from './erasure-helpers';

// Spec §3 (the person-erasure table) and 4.6, row by row, on the server and the editor API.

const server = (key: string, userId: string, designId: string) => ({
  token: () => call('POST', '/embed/v1/tokens', { bearer: key, body: { user: { id: userId }, origin: EDITOR_SITE } }),
  list: () => call('GET', `/embed/v1/users/${userId}/designs`, { bearer: key }),
  get: () => call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: key }),
  export: () => call('POST', `/embed/v1/designs/${designId}/export`, { bearer: key, body: { user: { id: userId } } }),
});

describe('DELETE /embed/v1/users/{userId}', () => {
  it('answers 204 with no body for a person never seen, and changes nothing', async () => {
    const { projectId, testKey } = newProject();
    const answer = await eraseUser(testKey, 'never-seen');
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(await personRow({ projectId, environment: 'test', userId: 'never-seen' })).toBeNull();
  });

  it('erases a person known by a token alone (202), then knows them no more (204)', async () => {
    const { projectId, liveKey } = newProject();
    const person: PersonRef = { projectId, environment: 'live', userId: 'token-only' };
    await editorSession(liveKey, person.userId);
    const answer = await eraseUser(liveKey, person.userId);
    expect(answer.status).toBe(202);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ status: 'erasing' });
    await waitUntilErased(person);
    expect((await eraseUser(liveKey, person.userId)).status).toBe(204);
  });

  it('refuses a bad user id (400), a bad key (401), a suspended project or workspace (403)', async () => {
    const { projectId, workspaceId, testKey } = newProject();
    expect(expectError(await eraseUser(testKey, 'u'.repeat(257)), 400, 'request_invalid').body.error).toMatch(/userId/);
    expectError(await eraseUser('sk_test_not_issued', 'ann'), 401, 'key_invalid');
    expectError(await call('DELETE', '/embed/v1/users/ann'), 401, 'key_invalid');
    admin('project', 'suspend', '--project', projectId);
    await waitFor('suspension', async () => (await eraseUser(testKey, 'ann')).status === 403, 2_000);
    expectError(await eraseUser(testKey, 'ann'), 403, 'project_suspended');
    admin('workspace', 'suspend', '--workspace', workspaceId);
    await waitFor('workspace suspension', async () => (await eraseUser(testKey, 'ann')).body?.code === 'workspace_suspended', 2_000);
  });

  it('allows 60 requests per minute per key, then answers 429 with Retry-After', async () => {
    const { testKey } = newProject();
    for (let i = 0; i < 60; i++) expect((await eraseUser(testKey, `nobody-${i}`)).status).toBe(204);
    const refused = expectError(await eraseUser(testKey, 'one-more'), 429, 'rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('a person being erased', () => {
  const project = newProject('email');
  const person: PersonRef = { projectId: project.projectId, environment: 'test', userId: 'ann' };
  let designId: string;
  let editor: Awaited<ReturnType<typeof editorSession>>['editor'];
  let release: () => Promise<void>;

  beforeAll(async () => {
    designId = (await saveDesign(project.testKey, person.userId, 'Kept while erasing')).id;
    ({ editor } = await editorSession(project.testKey, person.userId));
    // The erasure starts but cannot finish until `release`: every row of "being erased" is seen while it runs.
    release = await holdDesign(designId);
    const answer = await eraseUser(project.testKey, person.userId);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 202, body: { status: 'erasing' } });
  });

  afterAll(() => release?.());

  it('treats the same DELETE again as the same request: 202, never 409', async () => {
    const before = await personRow(person);
    expect(before?.state).toBe('erasing');
    const again = await eraseUser(project.testKey, person.userId);
    expect({ status: again.status, body: again.body }).toEqual({ status: 202, body: { status: 'erasing' } });
    expect((await personRow(person))?.erasureRequestedAt).toEqual(before?.erasureRequestedAt);
  });

  it('answers token, list, get and export of the server API with 409 user_erased, and issues no token', async () => {
    const { id: personId } = (await personRow(person))!;
    const tokens = await countRows('EditorToken', personId);
    const calls = server(project.testKey, person.userId, designId);
    for (const ask of [calls.token, calls.list, calls.get, calls.export]) expectError(await ask(), 409, 'user_erased');
    expect(await countRows('EditorToken', personId)).toBe(tokens);
  });

  it('stops the tokens already issued at once: every editor call answers 409 user_erased', async () => {
    const doc = exampleDesign('email');
    for (const [method, path, body] of [
      ['GET', '/designs'],
      ['GET', `/designs/${designId}`],
      ['POST', '/designs', { name: 'New', doc }],
      ['PUT', `/designs/${designId}`, { doc }],
      ['GET', `/designs/${designId}/revisions`],
      ['POST', `/designs/${designId}/export`, { format: 'html' }],
      ['DELETE', `/designs/${designId}`],
    ] as const) {
      expectError(await editor(method, path, { body }), 409, 'user_erased');
    }
  });

  it('completes once released: everything gone, one user.erased event', async () => {
    const { id: personId } = (await personRow(person))!;
    await release();
    await waitUntilErased(person);
    for (const table of ['Design', 'EditorToken', 'Image', 'ExportRecord', 'OutboxEvent', 'WebhookDelivery']) expect(await countRows(table, personId)).toBe(0);
    const events = await userErasedEvents(person);
    expect(events).toEqual([{ personId: null, designId: null, data: expect.anything() }]);
    // It names the person until the dispatcher relays it to the webhook's deliveries.
    expect([{ userId: person.userId }, {}]).toContainEqual(events[0].data);
  });

  it('then knows the id no more: 204, the old token is dead, a new token starts a fresh, empty person', async () => {
    expect((await eraseUser(project.testKey, person.userId)).status).toBe(204);
    expectError(await editor('GET', '/designs'), 401, 'token_invalid');
    const fresh = await editorSession(project.testKey, person.userId);
    expect((await fresh.editor('GET', '/designs')).body).toEqual({ designs: [], nextCursor: null });
    expectError(await server(project.testKey, person.userId, designId).get(), 404, 'design_not_found');
    expect((await personRow(person))?.state).toBe('active');
  });
});

describe('isolation', () => {
  it('erases one person of one project and environment, and no one else', async () => {
    const project = newProject();
    const other = newProject();
    const ann: PersonRef = { projectId: project.projectId, environment: 'test', userId: 'ann' };
    await saveDesign(project.testKey, 'ann');
    const untouched = [
      { key: project.testKey, userId: 'bob' },
      { key: project.liveKey, userId: 'ann' },
      { key: other.testKey, userId: 'ann' },
    ];
    const kept = await Promise.all(untouched.map(async ({ key, userId }) => ({ key, userId, design: await saveDesign(key, userId), session: await editorSession(key, userId) })));

    expect((await eraseUser(project.testKey, 'ann')).status).toBe(202);
    await waitUntilErased(ann);

    for (const { key, userId, design, session } of kept) {
      expect((await call('GET', `/embed/v1/users/${userId}/designs/${design.id}`, { bearer: key })).body).toEqual({ ...design, doc: exampleDesign('email') });
      expect((await session.editor('GET', '/designs')).body.designs).toEqual([expect.objectContaining({ id: design.id })]);
    }
  });
});
