import { createServer, type IncomingMessage, type Server } from 'node:http';
import { EmbedApiError, type EmbedClient } from '@embed/node-client';
import type { StaticFile } from './demo-page';

/** What the demo's server knows; the page knows none of it but the service's address. */
export interface DemoSite {
  /** The server API client, holding the demo project's test key. */
  client: EmbedClient;
  /** The one person this site acts for, never taken from a request. */
  userId: string;
  /** The page's own origin: tokens are minted for it. */
  origin: string;
  page: { html: string; policy: string };
  files: Record<string, StaticFile>;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

const json = (status: number, value: unknown): Answer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify(value),
});

/** The demo's routes: the page and its files, a token for the person, and the person's designs. */
export async function answer(site: DemoSite, method: string, pathname: string): Promise<Answer> {
  const file = site.files[pathname];
  if (pathname === '/' || file) {
    if (method !== 'GET' && method !== 'HEAD') return json(405, { error: `${method} is not allowed here` });
    if (file) return { status: 200, headers: { 'content-type': file.type, 'cache-control': 'no-cache' }, body: file.body };
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': site.page.policy };
    return { status: 200, headers, body: site.page.html };
  }
  if (pathname === '/my-editor-token') {
    if (method !== 'POST') return json(405, { error: `${method} is not allowed here` });
    return json(200, await site.client.createToken({ user: { id: site.userId }, origin: site.origin }));
  }
  if (pathname === '/my-designs') {
    if (method !== 'GET') return json(405, { error: `${method} is not allowed here` });
    const { designs } = await site.client.listDesigns(site.userId, { limit: 50 });
    return json(200, { designs });
  }
  return json(404, { error: 'not found' });
}

/** The service's refusal or absence, told to the page without anything of the request to it. */
function serviceFailure(error: unknown): Answer {
  const reason = error instanceof EmbedApiError ? `it answered ${error.status} ${error.code}` : 'it could not be reached';
  return json(502, { error: `The embed service did not help: ${reason}.` });
}

export function createDemoServer(site: DemoSite, log: (line: string) => void): Server {
  return createServer((request: IncomingMessage, response) => {
    const pathname = new URL(request.url ?? '/', site.origin).pathname;
    answer(site, request.method ?? 'GET', pathname)
      .catch((error: Error) => {
        log(`${request.method} ${pathname}: ${error.message}`);
        return serviceFailure(error);
      })
      .then(({ status, headers, body }) => {
        response.writeHead(status, { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin', ...headers });
        response.end(request.method === 'HEAD' ? undefined : body);
      });
  });
}
