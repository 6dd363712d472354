// The client against a real local HTTP server that answers what each test scripts:
// the retry and error rules, seen from the wire.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { EmbedClient, type EmbedClientOptions } from './client';
import { EmbedApiError, EmbedConnectionError } from './errors';
import type { RetryEvent } from './transport';

type Reply = { status: number; body?: unknown; text?: string; headers?: Record<string, string> } | 'reset' | 'hang';
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** A server answering `replies` in turn, the last one repeated; it records every request. */
async function serve(...replies: Reply[]): Promise<{ baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const reply = replies[Math.min(seen.length, replies.length) - 1];
      if (reply === 'reset') return request.socket.destroy();
      if (reply === 'hang') return;
      const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => server.close() && server.closeAllConnections() });
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const LIST = { designs: [], nextCursor: null };
const unavailable: Reply = { status: 503, body: { error: 'briefly down', code: 'service_unavailable', requestId: 'req_1' } };
const exportBody = { user: { id: 'u1' } };

function client(baseUrl: string, options: Partial<EmbedClientOptions> = {}) {
  const retries: RetryEvent[] = [];
  const embed = new EmbedClient({ secretKey: 'sk_test_secret', baseUrl, backoff: { baseDelayMs: 10 }, onRetry: (event) => retries.push(event), ...options });
  return { embed, retries };
}

async function caught(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('requests', () => {
  it('carries the secret key, JSON, encoded path segments and the page query', async () => {
    const { baseUrl, seen } = await serve({ status: 200, body: LIST });
    const { embed } = client(`${baseUrl}/`);
    await embed.listDesigns('a/b c', { limit: 2, cursor: 'xyz' });
    await embed.exportDesign('01J00000000000000000000000', exportBody);

    expect(seen[0]).toMatchObject({ method: 'GET', url: '/embed/v1/users/a%2Fb%20c/designs?limit=2&cursor=xyz', body: '' });
    expect(seen[0].headers).toMatchObject({ authorization: 'Bearer sk_test_secret', accept: 'application/json', 'user-agent': expect.stringMatching(/^embed-node-client\//) });
    expect(seen[1]).toMatchObject({ method: 'POST', url: '/embed/v1/designs/01J00000000000000000000000/export', body: JSON.stringify(exportBody) });
    expect(seen[1].headers['content-type']).toBe('application/json');
  });

  it('tells an erasure that started (202) from a person never seen (204)', async () => {
    const { baseUrl, seen } = await serve({ status: 202, body: { status: 'erasing' } }, { status: 204 });
    const { embed } = client(baseUrl);
    expect(await embed.eraseUser('u1')).toEqual({ status: 'erasing' });
    expect(await embed.eraseUser('u2')).toEqual({ status: 'never_seen' });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(['DELETE /embed/v1/users/u1', 'DELETE /embed/v1/users/u2']);
  });

  it('iterates every page of a list by its cursors', async () => {
    const summary = (id: string) => ({ id, name: id, mode: 'email', revision: 0, createdAt: '', updatedAt: '' });
    const { baseUrl, seen } = await serve(
      { status: 200, body: { designs: [summary('c'), summary('b')], nextCursor: 'p2' } },
      { status: 200, body: { designs: [summary('a')], nextCursor: null } },
    );
    const ids: string[] = [];
    for await (const design of client(baseUrl).embed.listAllDesigns('u1', { limit: 2 })) ids.push(design.id);
    expect(ids).toEqual(['c', 'b', 'a']);
    expect(seen.map((request) => request.url)).toEqual(['/embed/v1/users/u1/designs?limit=2', '/embed/v1/users/u1/designs?limit=2&cursor=p2']);
  });

  it('never shows the secret key when the client is logged', () => {
    expect(inspect(new EmbedClient({ secretKey: 'sk_test_secret', baseUrl: 'http://x' }), { showHidden: true, depth: 9 })).not.toContain('sk_test_secret');
  });

  it('refuses to be made without a key or an absolute base URL', () => {
    expect(() => new EmbedClient({ secretKey: '', baseUrl: 'http://x' })).toThrow(/secretKey/);
    expect(() => new EmbedClient({ secretKey: 'sk', baseUrl: 'embed.example.com' })).toThrow(/baseUrl/);
  });
});

describe('errors', () => {
  it('throws EmbedApiError with the status, code, message and request id of the answer', async () => {
    const { baseUrl } = await serve({ status: 404, body: { error: 'No such design.', code: 'design_not_found', requestId: 'req_9' } });
    const error = await caught(client(baseUrl).embed.getDesign('u1', '01J00000000000000000000000'));
    expect(error).toBeInstanceOf(EmbedApiError);
    expect(error).toMatchObject({ name: 'EmbedApiError', status: 404, code: 'design_not_found', message: 'No such design.', requestId: 'req_9', retryAfter: null });
  });

  it('throws unexpected_response for an answer not in the error shape, keeping the Request-Id header', async () => {
    const { baseUrl } = await serve({ status: 502, text: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html', 'request-id': 'req_p' } });
    const error = await caught(client(baseUrl, { retries: 0 }).embed.listDesigns('u1'));
    expect(error).toMatchObject({ status: 502, code: 'unexpected_response', requestId: 'req_p' });
  });

  it('throws unexpected_response for a success without JSON', async () => {
    const { baseUrl } = await serve({ status: 200, text: 'OK' });
    expect(await caught(client(baseUrl).embed.listDesigns('u1'))).toMatchObject({ status: 200, code: 'unexpected_response' });
  });
});

describe('retries', () => {
  it('sends a call again after a 503, with backoff, until it passes', async () => {
    const { baseUrl, seen } = await serve(unavailable, unavailable, { status: 200, body: { token: 'et_x', expiresAt: 'z' } });
    const { embed, retries } = client(baseUrl);
    expect(await embed.createToken({ user: { id: 'u1' }, origin: 'https://site.example' })).toEqual({ token: 'et_x', expiresAt: 'z' });
    expect(seen).toHaveLength(3);
    expect(retries.map((event) => [event.retry, (event.error as EmbedApiError).code])).toEqual([[1, 'service_unavailable'], [2, 'service_unavailable']]);
    expect(retries[1].delayMs).toBeGreaterThanOrEqual(10);
  });

  it('waits the Retry-After of a 429 before sending again, even an export', async () => {
    const { baseUrl, seen } = await serve({ status: 429, headers: { 'retry-after': '1' }, body: { error: 'slow down', code: 'rate_limited', requestId: 'r' } }, { status: 200, body: { exportId: 'e' } });
    const started = Date.now();
    expect(await client(baseUrl).embed.exportDesign('01J00000000000000000000000', exportBody)).toEqual({ exportId: 'e' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(seen).toHaveLength(2);
  });

  it('throws a 429 at once when Retry-After is longer than the client waits, with retryAfter set', async () => {
    const { baseUrl, seen } = await serve({ status: 429, headers: { 'retry-after': '42' }, body: { error: 'slow down', code: 'rate_limited', requestId: 'r' } });
    const error = await caught(client(baseUrl, { maxRetryWaitMs: 5_000 }).embed.listDesigns('u1'));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 42 });
    expect(seen).toHaveLength(1);
  });

  it('stops after its retries and throws the last error', async () => {
    const { baseUrl, seen } = await serve(unavailable);
    const error = await caught(client(baseUrl, { retries: 2 }).embed.renderDesign({ doc: {} }));
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(seen).toHaveLength(3);
  });

  it('repeats a read whose connection was reset, but not an export, which may have happened', async () => {
    const { baseUrl, seen } = await serve('reset', { status: 200, body: LIST });
    const { embed } = client(baseUrl);
    expect(await embed.listDesigns('u1')).toEqual(LIST);
    expect(seen).toHaveLength(2);

    const again = await serve('reset', { status: 200, body: {} });
    const error = await caught(client(again.baseUrl).embed.exportDesign('01J00000000000000000000000', exportBody));
    expect(error).toBeInstanceOf(EmbedConnectionError);
    expect(error.code).toBe('connection_failed');
    expect(again.seen).toHaveLength(1);
  });

  it('gives up on an attempt after timeoutMs, and repeats it only when safe', async () => {
    const { baseUrl, seen } = await serve('hang', { status: 200, body: LIST });
    // Long enough that the answered retry is never itself late on a loaded machine.
    expect(await client(baseUrl, { timeoutMs: 1_000 }).embed.listDesigns('u1')).toEqual(LIST);
    expect(seen).toHaveLength(2);

    const again = await serve('hang');
    const error = await caught(client(again.baseUrl, { timeoutMs: 200 }).embed.createToken({ user: { id: 'u1' }, origin: 'https://site.example' }));
    expect(error).toMatchObject({ name: 'EmbedConnectionError', code: 'timeout', message: 'No answer within 200 ms.' });
    expect(again.seen).toHaveLength(1);
  });

  it('sends every POST with a fresh Idempotency-Key, the same on each of its retries, and none with a GET or DELETE', async () => {
    const token = { status: 200, body: { token: 'et_x', expiresAt: 'z' } };
    const { baseUrl, seen } = await serve(unavailable, unavailable, token, token, { status: 200, body: LIST });
    const { embed } = client(baseUrl);
    await embed.createToken({ user: { id: 'u1' }, origin: 'https://site.example' });
    await embed.createToken({ user: { id: 'u1' }, origin: 'https://site.example' });
    await embed.listDesigns('u1');
    const keys = seen.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[3]).not.toBe(keys[0]);
    expect(keys[4]).toBeUndefined();

    const erase = await serve({ status: 204 });
    await client(erase.baseUrl).embed.eraseUser('u1');
    expect(erase.seen[0].headers['idempotency-key']).toBeUndefined();
  });

  it('sends the same Idempotency-Key again when an export is retried after a 503 or a 429', async () => {
    const limited: Reply = { status: 429, headers: { 'retry-after': '0' }, body: { error: 'slow down', code: 'rate_limited', requestId: 'r' } };
    const { baseUrl, seen } = await serve(unavailable, limited, { status: 200, body: { exportId: 'e' } });
    expect(await client(baseUrl).embed.exportDesign('01J00000000000000000000000', exportBody)).toEqual({ exportId: 'e' });
    expect(new Set(seen.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect(seen).toHaveLength(3);
  });

  it('repeats any call whose connection was refused, since it never reached the service', async () => {
    const { baseUrl } = await serve({ status: 200, body: {} });
    servers.splice(0).forEach((server) => server.close());
    const { embed, retries } = client(baseUrl, { retries: 2 });
    const error = await caught(embed.exportDesign('01J00000000000000000000000', exportBody));
    expect(error).toMatchObject({ name: 'EmbedConnectionError', code: 'connection_failed', message: expect.stringContaining('ECONNREFUSED') });
    expect(retries).toHaveLength(2);
  });
});
