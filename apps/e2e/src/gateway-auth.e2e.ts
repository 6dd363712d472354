import { call, expectError, newProject } from './support/api';
import { admin, waitFor } from './support/stack';

const ENDPOINTS: [string, string][] = [
  ['POST', '/embed/v1/tokens'],
  ['GET', '/embed/v1/users/u1/designs'],
  ['GET', '/embed/v1/users/u1/designs/01J00000000000000000000000'],
  ['POST', '/embed/v1/designs/01J00000000000000000000000/export'],
  ['POST', '/embed/v1/render'],
];

describe('secret keys', () => {
  const project = newProject();

  it.each(ENDPOINTS)('%s %s refuses a missing, malformed, unknown or wrongly presented key with 401 key_invalid', async (method, path) => {
    const unknown = project.testKey.slice(0, -4) + 'AAAA';
    const variants: Record<string, string>[] = [{}, { authorization: project.testKey }, { authorization: `Basic ${project.testKey}` }, { authorization: 'Bearer ' }];
    for (const headers of variants) {
      expectError(await call(method, path, { headers, body: {} }), 401, 'key_invalid');
    }
    expectError(await call(method, path, { bearer: 'sk_test_short', body: {} }), 401, 'key_invalid');
    expectError(await call(method, path, { bearer: unknown, body: {} }), 401, 'key_invalid');
  });

  it('refuses a revoked key on every gateway within a second', async () => {
    const { testKey, testKeyId } = newProject();
    expect((await call('POST', '/embed/v1/render', { bearer: testKey, body: {} })).status).toBe(400);
    expect(admin('key', 'revoke', '--key-id', testKeyId).status).toBe(0);
    const revokedAt = Date.now();
    await waitFor('the revoked key to be refused', async () => (await call('POST', '/embed/v1/render', { bearer: testKey, body: {} })).status === 401, 2_000);
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(1_000);
  });

  it('refuses every endpoint of a suspended project or workspace with 403, and serves it again once resumed', async () => {
    const { projectId, workspaceId, testKey } = newProject();
    admin('project', 'suspend', '--project', projectId);
    const suspendedAt = Date.now();
    await waitFor('suspension', async () => (await call('POST', '/embed/v1/render', { bearer: testKey, body: {} })).status === 403, 2_000);
    expect(Date.now() - suspendedAt).toBeLessThanOrEqual(1_000);
    for (const [method, path] of ENDPOINTS) expectError(await call(method, path, { bearer: testKey, body: {} }), 403, 'project_suspended');

    admin('workspace', 'suspend', '--workspace', workspaceId);
    await waitFor('workspace suspension', async () => (await call('POST', '/embed/v1/render', { bearer: testKey, body: {} })).body?.code === 'workspace_suspended', 2_000);
    for (const [method, path] of ENDPOINTS) expectError(await call(method, path, { bearer: testKey, body: {} }), 403, 'workspace_suspended');

    admin('workspace', 'suspend', '--workspace', workspaceId, '--off');
    admin('project', 'suspend', '--project', projectId, '--off');
    await waitFor('resumption', async () => (await call('POST', '/embed/v1/render', { bearer: testKey, body: {} })).status === 400, 2_000);
  });
});
