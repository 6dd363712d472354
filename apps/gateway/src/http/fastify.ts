import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { IncomingMessage } from 'node:http';
import { ulid } from 'ulid';
import type { RouteTable } from './route-table';

export const REQUEST_ID_HEADER = 'request-id';

const isJson = (contentType: string) => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType);

/**
 * The HTTP server. Every request gets its own id, made here and never taken from the
 * caller, returned in the Request-Id header of every answer.
 */
export function createHttpAdapter(routes: RouteTable): FastifyAdapter {
  const adapter = new FastifyAdapter({
    genReqId: (raw: IncomingMessage) => {
      const id = `req_${ulid().toLowerCase()}`;
      // pino-http reads the id from the raw request, so every log line carries it.
      (raw as IncomingMessage & { id: string }).id = id;
      return id;
    },
    requestIdHeader: false,
    bodyLimit: 1_048_576,
  });
  // Bodies are JSON: any other content type is refused before it is parsed, not read as text or a form.
  adapter.getInstance().addHook('preParsing', async (request, reply, payload) => {
    const type = request.headers['content-type'];
    if (type !== undefined && !isJson(type)) {
      return reply.status(415).send({ error: 'Content-Type must be application/json', code: 'request_invalid', requestId: request.id });
    }
    return payload;
  });
  adapter.getInstance().addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.add(method, route.url);
  });
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  return adapter;
}
