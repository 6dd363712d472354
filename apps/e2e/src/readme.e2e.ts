// README.md kept from drifting: its curl examples run against the real stack, its
// webhook receiver takes a real delivery, and the files it links to exist.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BACKEND_SERVICES } from '@embed/contracts';
import { admin, baseUrl, opsUrl, waitFor } from './support/stack';
import { freePort } from './support/webhook-receiver';

const repoRoot = path.resolve(__dirname, '../../..');
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

/** The text under `## <heading>`, up to the next second-level heading. */
function section(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** The fenced code blocks of one language, in order. */
const blocks = (text: string, language: string) => [...text.matchAll(new RegExp('^```' + language + '\\n([\\s\\S]*?)^```', 'gm'))].map((match) => match[1]);

/**
 * The operations that need a secret key or an editor token, from the OpenAPI document the
 * gateway serves (made from its controllers), as patterns over a request's path.
 */
async function authenticatedOperations(): Promise<{ name: string; pattern: RegExp }[]> {
  const document = (await (await fetch(`${baseUrl()}/embed/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  return Object.entries(document.paths).flatMap(([route, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => (operation.security?.length ?? 0) > 0)
      .map(([method]) => {
        const name = `${method.toUpperCase()} ${route}`;
        return { name, pattern: new RegExp(`^${name.replace(/\{\w+\}/g, '[^/]+')}$`) };
      }),
  );
}

/** The admin command line's answer; its error message when it fails. */
function adminJson(...args: string[]): Record<string, any> {
  const result = admin(...args);
  expect({ args, status: result.status, stderr: result.stderr }).toEqual({ args, status: 0, stderr: '' });
  return result.json;
}

describe('README.md', () => {
  const integrators = section('For integrators');
  const workDir = mkdtempSync(path.join(tmpdir(), 'readme-'));
  let project: Record<string, any>;
  beforeAll(() => (project = adminJson('project', 'create', '--name', 'README', '--mode', 'email', '--test-site', 'http://localhost:8080')));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('keeps the two quick-start commands of contracts §1', () => {
    const [quickStart] = blocks(section('Quick start'), 'sh');
    expect(quickStart.split('\n').filter(Boolean).map((line) => line.split('#')[0].trim())).toEqual(['npm start', 'npm test']);
  });

  it('has curl examples that all answer 2xx on a real stack, covering every server-API and editor-API endpoint', async () => {
    const examples = blocks(integrators, 'sh').join('\n');
    const curlLog = path.join(workDir, 'curl.log');
    const script = [
      'set -euo pipefail',
      // Each curl writes its status, method and URL to the log, apart from the answer it prints.
      `curl() { command curl --show-error --write-out '%{stderr}%{http_code} %{method} %{url_effective}\\n' "$@" 2>>"${curlLog}"; }`,
      examples.replace(/^BASE=.*$/m, `BASE=${baseUrl()}`).replace(/^KEY=.*$/m, `KEY=${project.keys.test.secret}`),
    ].join('\n');
    const run = spawnSync('bash', ['-c', script], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });

    const calls = readFileSync(curlLog, 'utf8').trim().split('\n').map((line) => {
      const [status, method, url] = line.split(' ');
      return { status: Number(status), request: `${method} ${new URL(url).pathname}` };
    });
    expect(calls).toHaveLength(examples.match(/\bcurl /g)?.length ?? 0);
    expect(calls.filter(({ status }) => status < 200 || status > 299)).toEqual([]);
    const all = await authenticatedOperations();
    expect(all.length).toBeGreaterThanOrEqual(14);
    const missing = all.filter(({ pattern }) => !calls.some(({ request }) => pattern.test(request))).map(({ name }) => name);
    expect(missing).toEqual([]);
  });

  it('has a webhook receiver that takes a real signed delivery and refuses a forged one', async () => {
    const [receiverCode] = blocks(integrators, 'js');
    expect(receiverCode.trim().split('\n').filter((line) => line.trim()).length).toBeLessThanOrEqual(22);
    const file = path.join(workDir, 'receiver.js');
    writeFileSync(file, receiverCode);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks`;
    const webhook = adminJson('webhook', 'set', '--project', project.projectId, '--url', url);
    const receiver = spawn(process.execPath, [file], { env: { ...process.env, WEBHOOK_SECRET: webhook.secret, PORT: String(port) } });
    let printed = '';
    receiver.stdout.on('data', (chunk) => (printed += chunk));
    try {
      const forged = (signature: string) => fetch(url, { method: 'POST', headers: { 'service-signature': signature }, body: '{"id":"dlv_forged"}' }).catch(() => null);
      const now = Math.floor(Date.now() / 1000);
      await waitFor('the receiver to answer', async () => (await forged(`t=${now},v1=${'0'.repeat(64)}`))?.status === 400);
      expect((await forged(''))?.status).toBe(400);
      adminJson('webhook', 'ping', '--project', project.projectId);
      await waitFor('the ping to be verified and printed', async () => /^ping \{"message":/m.test(printed), 30_000);
    } finally {
      receiver.kill();
    }
  });

  it('names only metrics that the services serve', async () => {
    const named = [...new Set(section('For operators').match(/\b(?:embed|process|nodejs)_[a-z_]+/g))];
    expect(named.length).toBeGreaterThan(10);
    const scrapes = await Promise.all(['gateway', ...BACKEND_SERVICES].map(async (name) => (await fetch(`${opsUrl(name)}/metrics`)).text()));
    expect(named.filter((metric) => !scrapes.some((scrape) => scrape.includes(`# TYPE ${metric} `)))).toEqual([]);
  });

  it('links only to files that exist', () => {
    const links = [...readme.matchAll(/\]\(([^)#\s]+)\)/g)].map(([, target]) => target).filter((target) => !/^[a-z]+:/.test(target));
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((target) => !existsSync(path.join(repoRoot, target)))).toEqual([]);
  });
});
