import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { IncomingMessage } from 'node:http';
import { ulid } from 'ulid';

export const REQUEST_ID_HEADER = 'request-id';

/**
 * The HTTP server. Every request gets its own id, made here and never taken from the
 * caller, returned in the Request-Id header of every answer.
 */
export function createHttpAdapter(): FastifyAdapter {
  const adapter = new FastifyAdapter({
    genReqId: (raw: IncomingMessage) => {
      const id = `req_${ulid().toLowerCase()}`;
      // pino-http reads the id from the raw request, so every log line carries it.
      (raw as IncomingMessage & { id: string }).id = id;
      return id;
    },
    requestIdHeader: false,
    disableRequestLogging: true,
    bodyLimit: 1_048_576,
  });
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  return adapter;
}
