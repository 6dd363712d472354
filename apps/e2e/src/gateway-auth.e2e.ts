// @lane serial: adds a second gateway.
import { call, expectError, newProject } from './support/api';
import { admin, startService, stopReplica, testPorts, waitFor } from './support/stack';

const ENDPOINTS: [string, string][] = [
  ['POST', '/embed/v1/tokens'],
  ['GET', '/embed/v1/users/u1/designs'],
  ['GET', '/embed/v1/users/u1/designs/01J00000000000000000000000'],
  ['POST', '/embed/v1/designs/01J00000000000000000000000/export'],
  ['POST', '/embed/v1/render'],
];

describe('secret keys', () => {
  const project = newProject();
  // A second gateway process beside the stack's own: what one gateway refuses, every gateway must refuse.
  const secondPort = testPorts.http + 60;
  const gateways = [undefined, `http://127.0.0.1:${secondPort}`];
  let second: number;

  beforeAll(async () => {
    second = startService('gateway', { replica: true, env: { HTTP_PORT: String(secondPort) } });
    await waitFor('the second gateway', async () => (await fetch(`${gateways[1]}/healthz`).catch(() => null))?.status === 200);
  });
  afterAll(() => stopReplica(second));

  /** Polls every gateway until `settled` holds for its answer, each within `withinMs` of now. */
  const onEveryGateway = (what: string, send: (base?: string) => Promise<{ status: number; body: any }>, settled: (answer: { status: number; body: any }) => boolean, withinMs: number) =>
    Promise.all(gateways.map((base) => waitFor(`${what} on ${base ?? 'the first gateway'}`, async () => settled(await send(base)), withinMs)));
  const render = (testKey: string) => (base?: string) => call('POST', '/embed/v1/render', { bearer: testKey, body: {}, base });

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
    // Each gateway has seen (and may have cached) the key before it is revoked.
    for (const base of gateways) expect((await render(testKey)(base)).status).toBe(400);
    expect(admin('key', 'revoke', '--key-id', testKeyId).status).toBe(0);
    await onEveryGateway('the revoked key to be refused', render(testKey), ({ status }) => status === 401, 1_000);
  });

  it('refuses every endpoint of a suspended project or workspace with 403, and serves it again once resumed', async () => {
    const { projectId, workspaceId, testKey } = newProject();
    for (const base of gateways) expect((await render(testKey)(base)).status).toBe(400);
    admin('project', 'suspend', '--project', projectId);
    await onEveryGateway('suspension', render(testKey), ({ status }) => status === 403, 1_000);
    for (const base of gateways) {
      for (const [method, path] of ENDPOINTS) expectError(await call(method, path, { bearer: testKey, body: {}, base }), 403, 'project_suspended');
    }

    admin('workspace', 'suspend', '--workspace', workspaceId);
    await onEveryGateway('workspace suspension', render(testKey), ({ body }) => body?.code === 'workspace_suspended', 1_000);
    for (const base of gateways) {
      for (const [method, path] of ENDPOINTS) expectError(await call(method, path, { bearer: testKey, body: {}, base }), 403, 'workspace_suspended');
    }

    admin('workspace', 'suspend', '--workspace', workspaceId, '--off');
    admin('project', 'suspend', '--project', projectId, '--off');
    await onEveryGateway('resumption', render(testKey), ({ status }) => status === 400, 2_000);
  });
});
