import Fastify, { type FastifyInstance } from 'fastify';
import type { AuthenticatedRequest } from '../auth/authenticated-request';
import { sendApiError, toApiError } from '../http/api-exception.filter';
import { NO_EDITOR_CORS } from '../http/api-surface';
import { registerEditorCors } from './editor-cors';

const SITE = 'https://app.example.com';
const OTHER = 'https://other.example.com';

/** A server with the editor's CORS, where `x-token-origin` plays the token the guard found. */
async function server(sites: string[] | 'down'): Promise<FastifyInstance> {
  const fastify = Fastify();
  fastify.setErrorHandler((error, request, reply) => sendApiError(request, reply, toApiError(error)));
  registerEditorCors(fastify, {
    isEditorSite: async (origin) => {
      if (sites === 'down') throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      return sites.includes(origin);
    },
  });
  fastify.get('/editor/v1/designs', async (request: AuthenticatedRequest) => {
    const tokenOrigin = request.headers['x-token-origin'];
    if (typeof tokenOrigin === 'string') request.tokenOrigin = tokenOrigin;
    return { designs: [] };
  });
  fastify.get('/editor/v1/embed.js', { config: NO_EDITOR_CORS }, async () => 'sdk');
  await fastify.ready();
  return fastify;
}

const get = (fastify: FastifyInstance, headers: Record<string, string>, url = '/editor/v1/designs') => fastify.inject({ method: 'GET', url, headers });

describe('the editor API’s CORS', () => {
  it('answers the token’s site only, once a token is found', async () => {
    const fastify = await server([SITE, OTHER]);
    expect((await get(fastify, { origin: SITE, 'x-token-origin': SITE })).headers['access-control-allow-origin']).toBe(SITE);
    expect((await get(fastify, { origin: OTHER, 'x-token-origin': SITE })).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers any editor site before a token is found, and says the answer varies by Origin', async () => {
    const fastify = await server([SITE]);
    const answer = await get(fastify, { origin: SITE });
    expect(answer.headers['access-control-allow-origin']).toBe(SITE);
    expect(answer.headers['vary']).toBe('Origin');
    expect((await get(fastify, { origin: OTHER })).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends the answer unreadable, not lost, when the sites cannot be read', async () => {
    const answer = await get(await server('down'), { origin: SITE });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a preflight of another origin with 403, and one that cannot be judged with 503', async () => {
    const preflight = (fastify: FastifyInstance, origin: string) => fastify.inject({ method: 'OPTIONS', url: '/editor/v1/designs', headers: { origin } });
    const fastify = await server([SITE]);
    expect((await preflight(fastify, SITE)).statusCode).toBe(204);
    const refused = await preflight(fastify, OTHER);
    expect([refused.statusCode, refused.json().code, refused.headers['access-control-allow-origin']]).toEqual([403, 'origin_not_allowed', undefined]);
    expect((await preflight(await server('down'), SITE)).json().code).toBe('service_unavailable');
  });

  it('answers no CORS on a route marked as the editor’s own files', async () => {
    expect((await get(await server([SITE]), { origin: SITE }, '/editor/v1/embed.js')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
