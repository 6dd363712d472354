import type { FastifyInstance } from 'fastify';
import type { AuthenticatedRequest } from '../auth/request-context';

export const EDITOR_PREFIX = '/editor/v1';
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type';

/**
 * The editor runs in the integrator's page, so its API answers CORS, but only for the
 * origin its token was minted for. A preflight carries no token, so it is answered
 * for the asking origin; the real request is then refused unless the origins match.
 * The server API (/embed/v1) answers no CORS at all.
 */
export function registerEditorCors(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request: AuthenticatedRequest, reply) => {
    if (!request.url.startsWith(`${EDITOR_PREFIX}/`)) return;
    const origin = request.headers.origin;
    if (origin && request.session?.origin === origin) {
      void reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
    }
  });
  fastify.options(`${EDITOR_PREFIX}/*`, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin) {
      void reply
        .header('Access-Control-Allow-Origin', origin)
        .header('Access-Control-Allow-Methods', ALLOWED_METHODS)
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', '600')
        .header('Vary', 'Origin');
    }
    return reply.status(204).send();
  });
}
