// @lane shared
import { connect } from 'node:net';
import { call, EDITOR_SITE, editorSession, exampleDesign, expectError, newProject, saveDesign } from './support/api';
import { testPorts } from './support/stack';

/** A JSON body written by hand, so that it can hold escapes JSON.stringify would not make (a lone `\ud800`). */
const json = (text: string) => ({ rawBody: text, headers: { 'content-type': 'application/json' } });

/**
 * One request written on a bare socket, as a client that does not speak HTTP well would;
 * everything the server writes until it closes. `halfClose: false` leaves the socket open
 * for writing (Node takes a half-closed connection for an aborted request).
 */
function rawExchange(request: string, { halfClose = true } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(testPorts.http, '127.0.0.1', () => (halfClose ? socket.end(request) : socket.write(request)));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer)).on('error', reject);
  });
}

/** The body of an answer sent in chunks, joined. */
function dechunked(body: string): string {
  if (!/^[0-9a-f]+\r\n/i.test(body)) return body;
  let text = '';
  for (let rest = body; ; ) {
    const size = parseInt(rest, 16);
    if (!size) return text;
    const start = rest.indexOf('\r\n') + 2;
    text += rest.slice(start, start + size);
    rest = rest.slice(start + size + 2);
  }
}

describe('bad input is a 4xx in the error shape', () => {
  const { testKey } = newProject('email');

  it('refuses text PostgreSQL cannot store at the edge, naming the field, and stores nothing', async () => {
    const nulInPath = expectError(await call('GET', '/embed/v1/users/a%00b/designs', { bearer: testKey }), 400, 'request_invalid');
    expect(nulInPath.body.error).toBe('userId contains a NUL character (U+0000), which cannot be stored');
    const tokenBody = (id: string) => json(`{"user":{"id":"${id}"},"origin":"${EDITOR_SITE}"}`);
    expect(expectError(await call('POST', '/embed/v1/tokens', { bearer: testKey, ...tokenBody('a\\u0000') }), 400, 'request_invalid').body.error).toMatch(/^user\.id contains a NUL/);
    expect(expectError(await call('POST', '/embed/v1/tokens', { bearer: testKey, ...tokenBody('\\ud800') }), 400, 'request_invalid').body.error).toMatch(/^user\.id contains an unpaired UTF-16 surrogate/);
    const cursor = expectError(await call('GET', '/embed/v1/users/u1/designs?cursor=x%00', { bearer: testKey }), 400, 'request_invalid');
    expect(cursor.body.error).toMatch(/^cursor contains a NUL/);

    const { editor } = await editorSession(testKey, 'careful-person');
    const name = expectError(await editor('POST', '/designs', { body: { name: 'Spring\u0000', doc: exampleDesign('email') } }), 400, 'request_invalid');
    expect(name.body.error).toMatch(/^name contains a NUL/);
    const doc = exampleDesign('email');
    doc.subject = JSON.parse('"Sale \\udfff"');
    const inDoc = expectError(await editor('POST', '/designs', { body: { name: 'Spring', doc } }), 400, 'design_invalid');
    expect(inDoc.body.error).toBe('doc is not a design: $.subject contains an unpaired UTF-16 surrogate, which is not Unicode text');
    expect((await editor('GET', '/designs')).body.designs).toEqual([]);

    const { id } = await saveDesign(testKey, 'careful-person');
    const merge = await call('POST', `/embed/v1/designs/${id}/export`, { bearer: testKey, body: { user: { id: 'careful-person' }, merge: { contact: { first_name: 'Ada\u0000' } } } });
    expect(expectError(merge, 400, 'request_invalid').body.error).toMatch(/^merge\.contact\.first_name contains a NUL/);
  });

  it('refuses a deeply nested body with 400, not 500', async () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const token = await call('POST', '/embed/v1/tokens', { bearer: testKey, ...json(`{"user":{"id":"u1"},"origin":${deep(100_000)}}`) });
    expect(expectError(token, 400, 'request_invalid').body.error).toMatch(/^origin(\[0\])+ is nested more than 32 levels deep$/);
    const render = await call('POST', '/embed/v1/render', { bearer: testKey, ...json(`{"doc":{"body":${deep(50_000)}}}`) });
    expect(expectError(render, 400, 'design_invalid').body.error).toMatch(/^doc is not a design: \$\.body(\[0\])+ is nested more than 32 levels deep$/);
  });

  it.each([
    ['an invalid percent escape', '/embed/v1/users/%E0%A4%A/designs', /percent escape/],
    ['an overlong UTF-8 encoding', '/embed/v1/users/%C0%AF/designs', /percent escape/],
    ['an encoded lone surrogate', '/embed/v1/users/%ED%A0%80/designs', /percent escape/],
    ['a parameter past the router limit', `/embed/v1/users/${'a'.repeat(5000)}/designs`, /longer than 4096 characters/],
  ])('answers a path with %s in our error shape', async (_what, path, message) => {
    const answer = expectError(await call('GET', path, { bearer: testKey }), 400, 'request_invalid');
    expect(answer.body.error).toMatch(message);
  });

  it('routes before it reads the body: a malformed body on an unknown path or method is still 404 or 405', async () => {
    const malformed = { bearer: testKey, ...json('{"doc":') };
    expectError(await call('POST', '/embed/v1/no-such-path', malformed), 404, 'not_found');
    expect(expectError(await call('PUT', '/embed/v1/render', malformed), 405, 'method_not_allowed').headers.get('allow')).toBe('POST');
    expectError(await call('POST', '/embed/v1/no-such-path', { bearer: testKey, rawBody: 'x', headers: { 'content-type': 'text/plain' } }), 404, 'not_found');
  });

  it('answers errors of routes outside Nest (the editor preflight) in our shape too', async () => {
    const preflight = await call('OPTIONS', '/editor/v1/designs', { rawBody: '[1]', headers: { origin: EDITOR_SITE, 'content-type': 'application/vnd.api+json' } });
    expectError(preflight, 415, 'request_invalid');
  });

  it('takes a path with a trailing slash as the same route', async () => {
    expect((await call('GET', '/embed/v1/users/u1/designs/', { bearer: testKey })).status).toBe(200);
  });

  it('answers a path that does not decode 400 whatever the method, with the Request-Id of its body', async () => {
    for (const method of ['GET', 'PATCH', 'PUT']) {
      const answer = expectError(await call(method, '/editor/v1/app/%ED%A0%80', { bearer: testKey }), 400, 'request_invalid');
      expect(answer.body.error).toMatch(/percent escape/);
    }
  });

  it('answers 404, never a 405 naming the method asked for, where a route pattern matches nothing', async () => {
    expectError(await call('GET', '/files/v1/'), 404, 'not_found');
    const emptyId = await call('PUT', '/editor/v1/designs//revisions', { rawBody: 'x', headers: { 'content-type': 'text/plain' } });
    expectError(emptyId, 404, 'not_found');
    const emptyUser = await rawExchange('GET /embed/v1/users//designs/01J0000000000000000000000A HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1\r\n\r\nx');
    expect(emptyUser.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
  });

  it('answers a preflight only for a path the editor API has', async () => {
    expect((await rawExchange(`OPTIONS /editor/v1/x/../designs HTTP/1.1\r\nHost: x\r\nOrigin: ${EDITOR_SITE}\r\nConnection: close\r\n\r\n`)).split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
  });

  it('refuses an image whose bytes break off after the signature with 400, not 500', async () => {
    const { editor } = await editorSession(testKey, 'image-person');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const cut = Buffer.concat([png.subarray(0, 8), Buffer.from([0xc0])]);
    const answer = await editor('POST', '/images', { rawBody: cut as unknown as string, headers: { 'content-type': 'image/png' } });
    expect(expectError(answer, 400, 'request_invalid').body.error).toMatch(/not a PNG, JPEG, GIF or WebP image/);
  });

  it('answers what Node would refuse by itself in our error shape: no Host, an unknown Expect, CONNECT', async () => {
    const answers = [
      await rawExchange('GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n'),
      await rawExchange('GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: the-unexpected\r\nConnection: close\r\n\r\n'),
      await rawExchange('CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n\r\n'),
    ];
    expect(answers.map((answer) => answer.split('\r\n')[0])).toEqual(['HTTP/1.1 400 Bad Request', 'HTTP/1.1 417 Expectation Failed', 'HTTP/1.1 400 Bad Request']);
    for (const answer of answers) {
      const requestId = /\r\nrequest-id: (req_[0-9a-z]{26})\r\n/i.exec(answer)?.[1];
      expect(JSON.parse(dechunked(answer.split('\r\n\r\n').slice(1).join('\r\n\r\n')))).toEqual({ error: expect.any(String), code: 'request_invalid', requestId });
    }
  });

  it('answers a request before the bytes after it that are not HTTP, and does not drop it', async () => {
    const answer = await rawExchange('GET /readyz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\nnot http at all\r\n\r\n', { halfClose: false });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(answer).toMatch(/HTTP\/1\.1 400 Bad Request[\s\S]*"code":"request_invalid"/);
  });

  it('answers a request that is not valid HTTP, or whose headers are too large, in our error shape', async () => {
    const malformed = await rawExchange('GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    const oversized = await rawExchange(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(oversized).toMatch(/^HTTP\/1\.1 431 /);
    for (const answer of [malformed, oversized]) {
      const requestId = /\r\nrequest-id: (req_[0-9a-z]{26})\r\n/i.exec(answer)?.[1];
      expect(JSON.parse(answer.split('\r\n\r\n')[1])).toEqual({ error: expect.any(String), code: 'request_invalid', requestId });
    }
  });
});
