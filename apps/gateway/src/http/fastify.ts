import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { IncomingMessage } from 'node:http';
import { ulid } from 'ulid';
import type { RouteTable } from './route-table';

export const REQUEST_ID_HEADER = 'request-id';

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
  // Bodies are JSON only: any other content type is refused (415) instead of read as text.
  adapter.getInstance().removeContentTypeParser('text/plain');
  adapter.getInstance().addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.add(method, route.url);
  });
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  return adapter;
}
