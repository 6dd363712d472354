import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, EDITOR_SITE, expectError } from './support/api';

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

  it('lists exactly the methods the gateway routes on each of its paths', async () => {
    // A method no route has answers 405 with Allow: the gateway's own route table for that path.
    for (const [template, item] of Object.entries(document.paths as Record<string, object>)) {
      const concrete = template.replace(/\{[^}]+\}/g, '01HZZZZZZZZZZZZZZZZZZZZZZZ');
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
