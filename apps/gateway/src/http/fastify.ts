import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { factory } from 'ulid';
import { httpDuration, httpRequests, httpRequestContext, type RequestContext, runInRequestContext } from '@embed/service-runtime';
import { isImageUpload, registerImageBodies } from '../files/image-bodies';
import type { RouteTable } from './route-table';

export const REQUEST_ID_HEADER = 'request-id';

/**
 * Request ids are ULIDs whose randomness comes from a pooled buffer: the library's
 * default asks the system for one byte per character, which cost 3% of the gateway's
 * time under load.
 */
const requestUlid = (() => {
  let pool = randomBytes(0);
  let offset = 0;
  return factory(() => {
    if (offset === pool.length) [pool, offset] = [randomBytes(4096), 0];
    return pool[offset++] / 0xff;
  });
})();

const isJson = (contentType: string) => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType);

type RawRequest = IncomingMessage & { id: string; requestContext: RequestContext };

/**
 * The HTTP server. Every request gets its own id, made here and never taken from the
 * caller, returned in the Request-Id header of every answer. The caller's W3C
 * `traceparent` is continued: the request's context (id and trace) goes along to the
 * services it calls and into their log lines.
 */
export function createHttpAdapter(routes: RouteTable): FastifyAdapter {
  const adapter = new FastifyAdapter({
    genReqId: (raw: IncomingMessage) => {
      const id = `req_${requestUlid().toLowerCase()}`;
      // pino-http reads the id and the trace from the raw request, so every log line carries them.
      (raw as RawRequest).id = id;
      (raw as RawRequest).requestContext = httpRequestContext(id, raw.headers);
      return id;
    },
    requestIdHeader: false,
    bodyLimit: 1_048_576,
    // A user id is up to 256 characters, each up to 12 bytes once percent-encoded.
    routerOptions: { maxParamLength: 4096 },
  });
  // Bodies are JSON: any other content type is refused before it is parsed, not read as text or a form.
  adapter.getInstance().addHook('preParsing', async (request, reply, payload) => {
    const type = request.headers['content-type'];
    if (type !== undefined && !isJson(type) && !isImageUpload(request, type)) {
      return reply.status(415).send({ error: 'Content-Type must be application/json', code: 'request_invalid', requestId: request.id });
    }
    return payload;
  });
  registerImageBodies(adapter.getInstance());
  adapter.getInstance().addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.add(method, route.url);
  });
  adapter.getInstance().addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Entered last, after the body is read (its stream events run outside any request's context).
  adapter.getInstance().addHook('preHandler', (request, _reply, done) => {
    runInRequestContext((request.raw as RawRequest).requestContext, done);
  });
  return adapter;
}
