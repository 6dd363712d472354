// @lane shared
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { query } from './support/database';
import { adminCli, stackEnv } from './support/stack';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function createProject(...extra: string[]) {
  const result = adminCli('project', 'create', '--name', 'Acme mail', '--mode', 'email', ...extra);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.json;
}

describe('admin command line', () => {
  it('creates a project with both keys, sites and a webhook, printing the contract JSON once', async () => {
    const project = createProject(
      '--test-site', 'http://localhost:5173',
      '--live-site', 'https://App.Acme.example:443/editor',
      '--webhook-url', 'https://hooks.acme.example/embed',
      '--events', 'design.saved,user.erased',
    );
    expect(project).toEqual({
      workspaceId: expect.stringMatching(/^ws_/),
      projectId: expect.stringMatching(/^prj_/),
      mode: 'email',
      keys: {
        test: { keyId: expect.stringMatching(/^key_/), secret: expect.stringMatching(/^sk_test_/) },
        live: { keyId: expect.stringMatching(/^key_/), secret: expect.stringMatching(/^sk_live_/) },
      },
      webhook: { webhookId: expect.stringMatching(/^wh_/), url: 'https://hooks.acme.example/embed', events: ['design.saved', 'user.erased'], secret: expect.stringMatching(/^whsec_/) },
    });

    const keys = await query<{ id: string; secretHash: string; environment: string }>('SELECT id, "secretHash", environment FROM "ApiKey" WHERE "projectId" = $1', [project.projectId]);
    expect(keys).toHaveLength(2);
    for (const env of ['test', 'live'] as const) {
      const key = keys.find((row) => row.id === project.keys[env].keyId);
      expect(key).toEqual({ id: project.keys[env].keyId, environment: env, secretHash: sha256(project.keys[env].secret) });
    }
    const stored = JSON.stringify(await query('SELECT * FROM "ApiKey" WHERE "projectId" = $1', [project.projectId]));
    expect(stored).not.toContain(project.keys.test.secret);
    expect(stored).not.toContain(project.keys.live.secret);

    const sites = await query('SELECT environment, origin FROM "AllowedSite" WHERE "projectId" = $1 ORDER BY environment', [project.projectId]);
    expect(sites).toEqual([
      { environment: 'test', origin: 'http://localhost:5173' },
      { environment: 'live', origin: 'https://app.acme.example' },
    ]);
  });

  it('makes a workspace for a project when none is given, and uses the one given', () => {
    const { workspaceId } = adminCli('workspace', 'create', '--name', 'Acme').json;
    expect(workspaceId).toMatch(/^ws_/);
    const inWorkspace = createProject('--workspace', workspaceId);
    expect(inWorkspace.workspaceId).toBe(workspaceId);
    expect(inWorkspace.webhook).toBeNull();
    expect(createProject().workspaceId).not.toBe(workspaceId);
  });

  it('creates and revokes keys', async () => {
    const { projectId } = createProject();
    const key = adminCli('key', 'create', '--project', projectId, '--env', 'live');
    expect(key.json).toEqual({ keyId: expect.stringMatching(/^key_/), secret: expect.stringMatching(/^sk_live_/) });

    const revoked = adminCli('key', 'revoke', '--key-id', key.json.keyId);
    expect(revoked.json).toEqual({ keyId: key.json.keyId, revokedAt: expect.any(String) });
    expect(Date.now() - Date.parse(revoked.json.revokedAt)).toBeLessThan(60_000);
    const [row] = await query<{ revokedAt: Date }>('SELECT "revokedAt" FROM "ApiKey" WHERE id = $1', [key.json.keyId]);
    expect(row.revokedAt.toISOString()).toBe(revoked.json.revokedAt);
  });

  it('adds and removes allowed sites per environment, normalised', () => {
    const { projectId } = createProject();
    expect(adminCli('site', 'add', '--project', projectId, '--env', 'live', '--origin', 'https://B.example.com/path').json).toEqual({
      projectId,
      env: 'live',
      origins: ['https://b.example.com'],
    });
    expect(adminCli('site', 'add', '--project', projectId, '--env', 'live', '--origin', 'https://a.example.com:8443').json.origins).toEqual([
      'https://a.example.com:8443',
      'https://b.example.com',
    ]);
    expect(adminCli('site', 'add', '--project', projectId, '--env', 'test', '--origin', 'https://b.example.com').json.origins).toEqual(['https://b.example.com']);
    expect(adminCli('site', 'remove', '--project', projectId, '--env', 'live', '--origin', 'https://b.example.com:443').json.origins).toEqual([
      'https://a.example.com:8443',
    ]);
  });

  it('sets a webhook, shows its secret only when it is made, and queues a ping', async () => {
    const { projectId } = createProject();
    const first = adminCli('webhook', 'set', '--project', projectId, '--url', 'https://hooks.example.com/a');
    expect(first.json).toEqual({
      webhookId: expect.stringMatching(/^wh_/),
      url: 'https://hooks.example.com/a',
      events: ['design.saved', 'design.deleted', 'export.created', 'user.erased'],
      secret: expect.stringMatching(/^whsec_/),
    });
    const second = adminCli('webhook', 'set', '--project', projectId, '--url', 'https://hooks.example.com/b', '--events', 'export.created');
    expect(second.json).toEqual({ webhookId: first.json.webhookId, url: 'https://hooks.example.com/b', events: ['export.created'], secret: null });

    const ping = adminCli('webhook', 'ping', '--project', projectId);
    expect(ping.json).toEqual({ deliveryId: expect.stringMatching(/^dlv_/) });
    const [delivery] = await query<{ eventType: string; body: string; status: string }>('SELECT "eventType", body, status FROM "WebhookDelivery" WHERE id = $1', [ping.json.deliveryId]);
    expect(delivery.eventType).toBe('ping');
    expect(delivery.status).toBe('pending');
    expect(JSON.parse(delivery.body)).toMatchObject({ id: ping.json.deliveryId, type: 'ping', projectId, data: { message: expect.any(String) } });
  });

  it('suspends and resumes projects and workspaces', async () => {
    const { projectId, workspaceId } = createProject();
    expect(adminCli('project', 'suspend', '--project', projectId).json).toEqual({ projectId, suspended: true });
    expect(adminCli('project', 'suspend', '--project', projectId, '--off').json).toEqual({ projectId, suspended: false });
    expect(adminCli('workspace', 'suspend', '--workspace', workspaceId).json).toEqual({ workspaceId, suspended: true });
    const [row] = await query<{ suspended: boolean }>('SELECT suspended FROM "Workspace" WHERE id = $1', [workspaceId]);
    expect(row.suspended).toBe(true);
  });

  it.each([
    [['project', 'create', '--name', 'X'], /missing --mode/],
    [['project', 'create', '--name', 'X', '--mode', 'newsletter'], /--mode must be one of email, page, popup, document/],
    [['project', 'create', '--name', 'X', '--mode', 'email', '--colour', 'red'], /Unknown option '--colour'/],
    [['project', 'create', '--name', 'X', '--mode', 'email', '--test-site', 'ftp://x.example'], /--test-site must use http or https/],
    [['project', 'create', '--name', 'X', '--mode', 'email', '--webhook-url', 'https://h.example', '--events', 'design.saved,design.renamed'], /--events must be one of/],
    [['key', 'create', '--project', 'prj_missing', '--env', 'staging'], /--env must be one of test, live/],
    [['key', 'revoke', '--key-id', 'key_missing'], /key key_missing not found/],
    [['site', 'add', '--project', 'prj_missing', '--env', 'test', '--origin', 'https://a.example'], /project prj_missing not found/],
    [['webhook', 'ping', '--project', 'prj_missing'], /not found/],
    [['workspace', 'suspend', '--workspace', 'ws_missing'], /workspace ws_missing not found/],
    [['project', 'delete'], /unknown command "project delete"/],
  ])('refuses %j with a clear message and a non-zero exit', (args, message) => {
    const result = adminCli(...args);
    expect(result.status).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });

  it('runs as `npm run -s admin`, printing only the JSON', () => {
    const repoRoot = path.resolve(__dirname, '../../..');
    const result = spawnSync('npm', ['run', '-s', 'admin', '--', 'workspace', 'create', '--name', 'Through npm'], {
      cwd: repoRoot,
      env: { ...process.env, ...stackEnv() },
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ workspaceId: expect.stringMatching(/^ws_/) });
  });
});
