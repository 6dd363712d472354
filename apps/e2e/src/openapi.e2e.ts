// @lane shared
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, EDITOR_SITE, expectError } from './support/api';
import { baseUrl, repoRoot } from './support/stack';

/** Runs a linter's command line as an integrator would (offline, no telemetry) and returns what it printed. */
function lint(cli: string, args: string[]): string {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules', cli), ...args], { cwd: repoRoot, encoding: 'utf8', env, timeout: 120_000 });
  if (run.error) throw run.error;
  return run.stdout;
}

describe('the OpenAPI document at /embed/v1/openapi.json', () => {
  let document: any;

  beforeAll(async () => {
    const answer = await call('GET', '/embed/v1/openapi.json', { headers: { origin: EDITOR_SITE } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    // Server API rules: no CORS, whoever asks.
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    document = answer.body;
  });

  it('is served without a key and is valid OpenAPI 3.1', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = path.join(path.dirname(require.resolve('@seriousme/openapi-schema-validator')), 'bin/validate-api-cli.js');
    expect(JSON.parse(execFileSync(process.execPath, [cli, file], { encoding: 'utf8' }))).toEqual({ valid: true });
    expect(document.openapi).toBe('3.1.0');
  });

  it('passes Redocly’s recommended rules and Spectral’s spectral:oas with no error and no warning', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    // The rules each turns off are in redocly.yaml and .spectral.yaml, each with its reason.
    const redocly = JSON.parse(lint('@redocly/cli/bin/cli.js', ['lint', file, '--config', 'redocly.yaml', '--format', 'json']));
    expect(redocly.problems.map(({ severity, ruleId, message }: any) => `${severity} ${ruleId}: ${message}`)).toEqual([]);
    expect(redocly.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    const spectral = JSON.parse(lint('@stoplight/spectral-cli/dist/index.js', ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet']));
    expect(spectral.map(({ code, message, path: at }: any) => `${code} at ${at.join('.')}: ${message}`)).toEqual([]);
  }, 180_000);

  it('names this gateway’s PUBLIC_BASE_URL as its server', () => {
    expect(document.servers.map(({ url }: { url: string }) => url)).toEqual([baseUrl()]);
  });

  it('lists exactly the methods the gateway routes on each of its paths', async () => {
    // A method no route has answers 405 with Allow: the gateway's own route table for that path.
    for (const [template, item] of Object.entries(document.paths as Record<string, object>)) {
      const concrete = template.replace(/\{[^{}]+\}/g, '01HZZZZZZZZZZZZZZZZZZZZZZZ');
      const answer = expectError(await call('PATCH', concrete), 405, 'method_not_allowed');
      const allowed = (answer.headers.get('allow') ?? '').split(', ').sort();
      expect([template, allowed]).toEqual([template, Object.keys(item).map((method) => method.toUpperCase()).sort()]);
    }
  });

  it('covers unknown paths: 404 in the error shape', async () => {
    expectError(await call('GET', '/embed/v1/no-such-thing'), 404, 'not_found');
    expectError(await call('DELETE', '/nothing/here/at/all'), 404, 'not_found');
  });
});

describe('the pages for people: the API reference at /embed/v1/docs and the home page at /', () => {
  let document: any;
  beforeAll(async () => (document = (await call('GET', '/embed/v1/openapi.json')).body));

  const loadsNothingElse = (answer: { headers: Headers; text: string }) => {
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; img-src 'none'/);
    expect(answer.text).not.toMatch(/<script|<link|src=/i);
  };

  it('shows every operation, webhook and schema of the served document, built from it, with its base URL', async () => {
    const page = await call('GET', '/embed/v1/docs', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    loadsNothingElse(page);
    const operations = [...Object.values(document.paths), ...Object.values(document.webhooks)].flatMap((item: any) => Object.values(item).map((operation: any) => operation.operationId));
    expect(operations.filter((id) => !page.text.includes(`id="op-${id}"`))).toEqual([]);
    expect(Object.keys(document.components.schemas).filter((name) => !page.text.includes(`id="schema-${name}"`))).toEqual([]);
    expect(page.text).toContain(`base URL <code>${baseUrl()}</code>`);
  });

  it('answers a person who opens the base URL with where to go, in HTML; other methods there are 405, unknown paths still 404', async () => {
    const home = await call('GET', '/', { headers: { accept: 'text/html' } });
    expect(home.status).toBe(200);
    loadsNothingElse(home);
    for (const link of ['/embed/v1/docs', '/embed/v1/openapi.json', '/healthz', '/readyz']) expect(home.text).toContain(`href="${link}"`);
    expect(home.text).toMatch(/href="http:\/\/localhost:\d+">Editor demo</);
    expect(expectError(await call('POST', '/'), 405, 'method_not_allowed').headers.get('allow')).toBe('GET');
    expectError(await call('GET', '/index.html'), 404, 'not_found');
  });
});
