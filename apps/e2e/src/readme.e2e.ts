// @lane shared
// README.md kept from drifting: its curl examples run against the real stack, its
// webhook receiver takes a real delivery, and the files it links to exist.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BACKEND_SERVICES } from '@embed/contracts';
import { admin, baseUrl, opsUrl, waitFor } from './support/stack';
import { freePort } from './support/webhook-receiver';

const repoRoot = path.resolve(__dirname, '../../..');
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

/** The text under `## <heading>` of a markdown text (the README by default), up to the next second-level heading. */
function section(heading: string, text = readme): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  expect(start).toBeGreaterThan(-1);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
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

/** A POST to a local receiver with exactly these headers (repeated ones as arrays); its status, or how it ended. */
function post(port: number, headers: Record<string, string | string[]>, body: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/webhooks', method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve('connection closed'));
    req.end(body);
  });
}

/** A request that promises a body and hangs up halfway through it. */
function truncatedPost(port: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('POST /webhooks HTTP/1.1\r\nHost: x\r\nService-Signature: t=1,v1=00\r\nContent-Length: 1000\r\n\r\n{"id":');
      setTimeout(() => socket.destroy(), 100);
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

/**
 * Signatures a hostile sender tries, as [what, Service-Signature header(s), body]: each must
 * be refused by a receiver, which must not crash on any of them.
 */
function hostileSignatures(now: number, sign: (t: number | string, body?: string) => string, body: string): [string, string | string[] | undefined, string][] {
  return [
    ['no header', undefined, body],
    ['an empty header', '', body],
    ['zeros', `t=${now},v1=${'0'.repeat(64)}`, body],
    ['non-hex of the right length', `t=${now},v1=${'zz'.repeat(32)}`, body],
    ['half a hex digest', `t=${now},v1=${sign(now).slice(0, 32)}`, body],
    ['an odd-length digest', `t=${now},v1=${sign(now).slice(0, 63)}`, body],
    ['a digest with one byte more', `t=${now},v1=${sign(now)}00`, body],
    ['no t', `v1=${sign(now)}`, body],
    ['a t that is not a number', `t=now,v1=${sign('now')}`, body],
    ['a t in another notation', `t=${now}.0,v1=${sign(`${now}.0`)}`, body],
    ['a stale t, correctly signed', `t=${now - 3600},v1=${sign(now - 3600)}`, body],
    ['a t from the future, correctly signed', `t=${now + 3600},v1=${sign(now + 3600)}`, body],
    ['a signature of another body', `t=${now},v1=${sign(now, '{}')}`, body],
    ['a body other than the signed one', `t=${now},v1=${sign(now)}`, 'not json'],
    ['duplicated headers', [`t=${now},v1=${'0'.repeat(64)}`, `t=${now - 1},v1=x`], body],
    ['separators only', ',,,=,=,t=,v1=', body],
    ['a huge header', `t=${now},${'v1=ab,'.repeat(1000)}`, body],
  ];
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

  it('has a token route that mints for the signed-in person only, whatever the browser sends', async () => {
    const sample = blocks(integrators, 'js').find((code) => code.includes('async function editorTokenRoute('));
    const appOrigin = 'http://localhost:8080';
    const env = { EMBED_BASE_URL: baseUrl(), EMBED_SECRET_KEY: project.keys.test.secret, APP_ORIGIN: appOrigin };
    // The integrator's session lookup, here a header standing for their session cookie.
    const signedInUserId = async (req: { headers: Record<string, string | undefined> }) => req.headers['x-session'] ?? null;
    const route = new Function('process', 'signedInUserId', `${sample}\nreturn editorTokenRoute;`)({ env }, signedInUserId);
    const server = createServer((req, res) => void route(req, res)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const routeUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/my-editor-token?userId=intruder`;
    try {
      const forged = JSON.stringify({ user: { id: 'intruder' }, userId: 'intruder' });
      expect((await fetch(routeUrl, { method: 'POST', body: forged })).status).toBe(401);
      const answer = await fetch(routeUrl, { method: 'POST', headers: { 'x-session': 'person-7', 'content-type': 'application/json' }, body: forged });
      expect({ status: answer.status, cache: answer.headers.get('cache-control') }).toEqual({ status: 200, cache: 'no-store' });
      const { token } = (await answer.json()) as { token: string };
      const created = await fetch(`${baseUrl()}/editor/v1/designs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, origin: appOrigin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Mine', doc: JSON.parse(readFileSync(path.join(repoRoot, 'docs/examples/designs/email.json'), 'utf8')) }),
      });
      expect(created.status).toBe(201);
      const designsOf = async (userId: string) =>
        ((await (await fetch(`${baseUrl()}/embed/v1/users/${userId}/designs`, { headers: { authorization: `Bearer ${project.keys.test.secret}` } })).json()) as { designs: { name: string }[] }).designs.map(({ name }) => name);
      expect({ signedIn: await designsOf('person-7'), intruder: await designsOf('intruder') }).toEqual({ signedIn: ['Mine'], intruder: [] });
    } finally {
      server.close();
    }
  });

  it('has a webhook receiver that refuses every forged, malformed or stale request, stays up, and takes a real signed delivery', async () => {
    const receiverCode = blocks(integrators, 'js').find((code) => code.includes('function verify('))!;
    expect(receiverCode.trim().split('\n').filter((line) => line.trim()).length).toBeLessThanOrEqual(24);
    const file = path.join(workDir, 'receiver.js');
    writeFileSync(file, receiverCode);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks`;
    const webhook = adminJson('webhook', 'set', '--project', project.projectId, '--url', url);
    const receiver = spawn(process.execPath, [file], { env: { ...process.env, WEBHOOK_SECRET: webhook.secret, PORT: String(port) } });
    let printed = '';
    receiver.stdout.on('data', (chunk) => (printed += chunk));
    try {
      const body = '{"id":"dlv_forged","type":"ping","data":{}}';
      const now = Math.floor(Date.now() / 1000);
      const sign = (t: number | string, text = body) => createHmac('sha256', webhook.secret).update(`${t}.${text}`).digest('hex');
      await waitFor('the receiver to answer', async () => (await post(port, { 'service-signature': `t=${now},v1=${'0'.repeat(64)}` }, body)) === 400);
      for (const [name, signature, text] of hostileSignatures(now, sign, body)) {
        const headers: Record<string, string | string[]> = signature === undefined ? {} : { 'service-signature': signature };
        expect({ name, status: await post(port, headers, text) }).toEqual({ name, status: 400 });
      }
      await truncatedPost(port);
      expect(await post(port, { 'service-signature': `t=${now},v1=${sign(now)}` }, 'x'.repeat(2_000_000))).toBe('connection closed');
      expect(receiver.exitCode).toBeNull();
      adminJson('webhook', 'ping', '--project', project.projectId);
      await waitFor('the ping to be verified and printed', async () => /^ping \{"message":/m.test(printed), 30_000);
      expect(receiver.exitCode).toBeNull();
    } finally {
      receiver.kill();
    }
  });

  it('leaves operations to deploy/README.md, whose metrics are all served by the services', async () => {
    expect(section('For operators')).not.toMatch(/embed_[a-z_]+/);
    const operators = readFileSync(path.join(repoRoot, 'deploy', 'README.md'), 'utf8');
    // A histogram's series (`_bucket`, `_count`) are typed under its own name.
    const named = [...new Set(section('Metrics', operators).match(/\b(?:embed|process|nodejs)_[a-z_]+/g)?.map((name) => name.replace(/_(bucket|count|sum)$/, '')))];
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

describe('docs/webhooks.md', () => {
  it('verifies with a function that refuses every hostile signature without throwing and accepts a real one', () => {
    const docs = readFileSync(path.join(repoRoot, 'docs', 'webhooks.md'), 'utf8');
    const [sample] = blocks(docs, 'js');
    const verifyWebhook = new Function('require', `${sample.slice(0, sample.indexOf('// Express'))}\nreturn verifyWebhook;`)(require);
    const secret = 'whsec_docs';
    const body = '{"id":"dlv_docs","type":"ping","data":{}}';
    const now = Math.floor(Date.now() / 1000);
    const sign = (t: number | string, text = body) => createHmac('sha256', secret).update(`${t}.${text}`).digest('hex');
    for (const [name, signature, text] of hostileSignatures(now, sign, body)) {
      const header = Array.isArray(signature) ? signature.join(', ') : signature;
      expect({ name, verified: verifyWebhook(text, header ?? '', secret) }).toEqual({ name, verified: false });
    }
    expect(verifyWebhook(body, `t=${now},v1=${'0'.repeat(64)},v1=${sign(now)}`, secret)).toBe(true);
  });
});
