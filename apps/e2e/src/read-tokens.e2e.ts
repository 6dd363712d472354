// @lane serial: counts the gateway's token verifications.
// Contracts §3: a token says what it allows. A read token opens, lists, previews and
// exports; every write of the editor API is refused 403 token_read_only by the gateway,
// whatever the page sends. And the editor API's lookups of what is not known (a made-up
// token, a made-up Origin) are limited per client address.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { TINY_PNG } from './file-exports-helpers';
import { call, type CallOptions, EDITOR_SITE, exampleDesign, expectError, newProject, saveDesign } from './support/api';
import { metricAt } from './support/metrics';
import { baseUrl, opsUrl } from './support/stack';

jest.setTimeout(120_000);

const READS_FOR_A_READ_TOKEN = new Set(['exportEditorDesign', 'renderEditorDesign']);

interface EditorOperation {
  method: string;
  template: string;
  operationId: string;
  refusals: string[];
}

/** Every operation of the editor API that takes a token, from the OpenAPI document (so a route added later is covered too). */
async function editorOperations(): Promise<EditorOperation[]> {
  const document = (await call('GET', '/embed/v1/openapi.json')).body;
  return Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation.security?.some((scheme: object) => 'editorToken' in scheme))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        template,
        operationId: operation.operationId,
        refusals: JSON.stringify(operation.responses['403'] ?? {}).match(/token_read_only/g) ?? [],
      })),
  );
}

const writes = (operation: EditorOperation) => operation.method !== 'GET' && !READS_FOR_A_READ_TOKEN.has(operation.operationId);

async function mint(key: string, userId: string, body: Record<string, unknown> = {}) {
  return call('POST', '/embed/v1/tokens', { bearer: key, body: { user: { id: userId }, origin: EDITOR_SITE, ...body } });
}

/** One editor-API call of `operation` with `token`, with the ids given and a body the route takes. */
function send(operation: EditorOperation, token: string, designId: string, templateId = 'tpl_00000000000000000000000000') {
  const path = operation.template.replace('{id}', designId).replace('{revision}', '0').replace('{templateId}', templateId);
  const options: CallOptions = { bearer: token, headers: { origin: EDITOR_SITE } };
  if (operation.operationId === 'uploadImage') return call('POST', path, { ...options, rawBody: TINY_PNG as unknown as string, headers: { ...options.headers, 'content-type': 'image/png' } });
  if (operation.method === 'GET' || operation.method === 'DELETE') return call(operation.method, path, options);
  const body = operation.operationId === 'exportEditorDesign' ? { format: 'html' } : { name: 'Changed', doc: exampleDesign('email') };
  return call(operation.method, path, { ...options, body: operation.operationId === 'renderEditorDesign' ? { doc: body.doc } : body });
}

describe('read tokens', () => {
  it('are minted with access "read", "edit" being the default; any other access is refused naming the field', async () => {
    const { testKey } = newProject('email');
    expect((await mint(testKey, 'reader', { access: 'read' })).status).toBe(200);
    expect((await mint(testKey, 'reader', { access: 'edit' })).status).toBe(200);
    for (const access of ['write', 'READ', null, 1]) {
      const refused = expectError(await mint(testKey, 'reader', { access }), 400, 'request_invalid');
      expect(refused.body.error).toContain('access');
    }
  });

  it('are refused on every write of the editor API, with a code the OpenAPI document lists, and change nothing', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'reader', 'Look only');
    const { token } = (await mint(testKey, 'reader', { access: 'read' })).body;
    const operations = (await editorOperations()).filter(writes);
    expect(operations.map((operation) => operation.operationId)).toEqual(expect.arrayContaining(['createEditorDesign', 'saveEditorDesign', 'deleteEditorDesign', 'uploadImage']));
    for (const operation of operations) {
      const answer = await send(operation, token, design.id);
      expect({ operation: operation.operationId, status: answer.status, code: answer.body?.code }).toEqual({ operation: operation.operationId, status: 403, code: 'token_read_only' });
      expectError(answer, 403, 'token_read_only');
      // The editor reads the code: the token's site may read the refusal.
      expect(answer.headers.get('access-control-allow-origin')).toBe(EDITOR_SITE);
      expect({ operation: operation.operationId, documented: operation.refusals.length > 0 }).toEqual({ operation: operation.operationId, documented: true });
    }
    const stored = await call('GET', `/embed/v1/users/reader/designs/${design.id}`, { bearer: testKey });
    expect({ name: stored.body.name, revision: stored.body.revision }).toEqual({ name: 'Look only', revision: 0 });
    expect((await call('GET', '/embed/v1/users/reader/designs', { bearer: testKey })).body.designs).toHaveLength(1);
  });

  it('open, list, preview and export, and say what they allow', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'reader', 'Look only');
    const template = await call('POST', '/embed/v1/templates', { bearer: testKey, body: { name: 'Welcome', doc: exampleDesign('email') } });
    expect(template.status).toBe(201);
    const { token } = (await mint(testKey, 'reader', { access: 'read' })).body;
    for (const operation of (await editorOperations()).filter((each) => !writes(each))) {
      const answer = await send(operation, token, design.id, template.body.id);
      expect({ operation: operation.operationId, status: answer.status }).toEqual({ operation: operation.operationId, status: 200 });
    }
    const editor = { bearer: token, headers: { origin: EDITOR_SITE } };
    expect((await call('POST', `/editor/v1/designs/${design.id}/export`, { ...editor, body: { format: 'pdf' } })).body).toMatchObject({ format: 'pdf' });
    expect((await call('GET', '/editor/v1/session', editor)).body).toEqual({ mode: 'email', access: 'read', journalKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const edit = (await mint(testKey, 'reader')).body.token;
    expect((await call('GET', '/editor/v1/session', { bearer: edit, headers: { origin: EDITOR_SITE } })).body).toEqual({ mode: 'email', access: 'edit', journalKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  });
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** One request to the gateway from another loopback address, so that what it counts per address is this test's alone. */
function fromAddress(localAddress: string, method: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl()}${path}`, { method, headers, localAddress, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : undefined }));
    });
    request.on('error', reject).end();
  });
}

const madeUpToken = () => `et_${randomBytes(32).toString('base64url')}`;
const verifyCalls = () => metricAt(opsUrl('gateway'), 'embed_nats_request_duration_seconds_count', { subject: 'designs.tokens.verify.v1' });

describe('lookups of unknown credentials', () => {
  it('refuse what is not shaped like a token without asking the designs service', async () => {
    const before = await verifyCalls();
    for (const token of ['et_x', 'et_never_issued', `${madeUpToken()}x`, 'sk_test_abc', 'x'.repeat(300)]) {
      const answer = await fromAddress('127.0.0.4', 'GET', '/editor/v1/designs', { authorization: `Bearer ${token}`, origin: EDITOR_SITE });
      expect({ token: token.slice(0, 20), status: answer.status, code: answer.body.code }).toEqual({ token: token.slice(0, 20), status: 401, code: 'token_invalid' });
    }
    // The same made-up token again and again is asked about once.
    const again = madeUpToken();
    for (let time = 0; time < 5; time++) expect((await fromAddress('127.0.0.4', 'GET', '/editor/v1/designs', { authorization: `Bearer ${again}`, origin: EDITOR_SITE })).status).toBe(401);
    expect((await verifyCalls()) - before).toBe(1);
  });

  it('answer 429 with Retry-After to an address past 60 made-up tokens a minute, and never count a known token', async () => {
    const { testKey } = newProject('email');
    const { token } = (await mint(testKey, 'known')).body;
    const known = { authorization: `Bearer ${token}`, origin: EDITOR_SITE };
    const statuses: number[] = [];
    for (let sent = 0; sent < 61; sent++) {
      statuses.push((await fromAddress('127.0.0.2', 'GET', '/editor/v1/designs', { authorization: `Bearer ${madeUpToken()}`, origin: EDITOR_SITE })).status);
      // Known tokens between them, from the same address, never count.
      if (sent % 20 === 0 && sent < 60) expect((await fromAddress('127.0.0.2', 'GET', '/editor/v1/designs', known)).status).toBe(200);
    }
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(statuses[60]).toBe(429);
    const limited = await fromAddress('127.0.0.2', 'GET', '/editor/v1/designs', { authorization: `Bearer ${madeUpToken()}`, origin: EDITOR_SITE });
    expect({ status: limited.status, code: limited.body.code }).toEqual({ status: 429, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another address is not limited by it.
    expect((await call('GET', '/editor/v1/designs', { bearer: token, headers: { origin: EDITOR_SITE } })).status).toBe(200);
  });

  it('answer 429 with Retry-After to an address past 60 made-up origins a minute in preflights', async () => {
    const statuses: number[] = [];
    for (let sent = 0; sent < 61; sent++) {
      const origin = `https://made-up-${randomBytes(6).toString('hex')}.example`;
      statuses.push((await fromAddress('127.0.0.3', 'OPTIONS', '/editor/v1/designs', { origin, 'access-control-request-method': 'GET' })).status);
    }
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(403));
    expect(statuses[60]).toBe(429);
    const limited = await fromAddress('127.0.0.3', 'OPTIONS', '/editor/v1/designs', { origin: 'https://one-more.example', 'access-control-request-method': 'GET' });
    expect({ status: limited.status, code: limited.body.code }).toEqual({ status: 429, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
