import { Logger, NotFoundException } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { newRequestId } from '@embed/data-access';
import { httpDuration, httpRequests, httpRequestContext, logFieldsOf, type RequestContext, runInRequestContext } from '@embed/service-runtime';
import { ApiError, REQUEST_ID_HEADER } from './api-error';
import { answerError, sendApiError } from './api-exception.filter';
import { isImageUpload, registerImageBodies } from './image-bodies';
import { BAD_URL_MESSAGE } from './route-miss';
import type { RouteTable } from './route-table';

const isJson = (contentType: string) => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType);

type RawRequest = IncomingMessage & { id: string; requestContext: RequestContext };

const requestLog = new Logger('HTTP');

/** A parameter longer than this is refused by the router (a user id is up to 256 characters, each up to 12 bytes once percent-encoded). */
const MAX_PARAM_LENGTH = 4096;

const FRAMEWORK_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: BAD_URL_MESSAGE,
  FST_ERR_MAX_PARAM_LENGTH: `a path parameter is longer than ${MAX_PARAM_LENGTH} characters`,
};

/** A path the router refuses before any route or hook runs: answered in our error shape, not Fastify's. */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendApiError(request, reply, new ApiError(400, 'request_invalid', FRAMEWORK_ERROR_MESSAGES[error.code] ?? 'the request cannot be read'));
}

/** An error in our shape with a new request id, for a request that Fastify never sees. */
function rawError(message: string): { requestId: string; body: string } {
  const requestId = newRequestId();
  return { requestId, body: JSON.stringify({ error: message, code: 'request_invalid', requestId }) };
}

function refuseOnSocket(socket: Socket, status: number, message: string, error?: Error): void {
  const { requestId, body } = rawError(message);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n${REQUEST_ID_HEADER}: ${requestId}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * A request Node's HTTP parser cannot read (malformed, headers too large, too slow) never
 * reaches Fastify's routing: it is answered on the socket, still in our error shape. When
 * it came after a request still being answered (bytes past a short Content-Length), that
 * answer goes out first, whole: answers keep the order of requests.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'the request headers are too large']
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'the request was not received in time']
    : [400, 'the request is not valid HTTP'];
  // The request whose own body broke can never be answered otherwise: refuse at once.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (inFlight && !inFlight.writableFinished && inFlight.req.complete) inFlight.once('close', () => refuseOnSocket(socket, status, message, error));
  else refuseOnSocket(socket, status, message, error);
}

/**
 * Requests Node answers by itself unless told otherwise, without our shape or a
 * Request-Id: CONNECT (this server is no proxy) and an Expect other than 100-continue.
 */
function answerNodeRefusals(server: Server): void {
  server.on('connect', (_request: IncomingMessage, socket: Socket) => refuseOnSocket(socket, 400, 'CONNECT is not served here: this is no proxy'));
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const { requestId, body } = rawError('the only expectation understood is Expect: 100-continue');
    response.writeHead(417, { 'content-type': 'application/json; charset=utf-8', [REQUEST_ID_HEADER]: requestId, connection: 'close' }).end(body);
  });
}

/**
 * The HTTP server. Every request gets its own id, made here and never taken from the
 * caller, returned in the Request-Id header of every answer. The caller's W3C
 * `traceparent` is continued: the request's context (id and trace) goes along to the
 * services it calls and into their log lines.
 */
export function createHttpAdapter(routes: RouteTable): FastifyAdapter {
  const adapter = new FastifyAdapter({
    genReqId: (raw: IncomingMessage) => {
      const id = newRequestId();
      // The request line and every line written while the request is handled carry its id and trace from here.
      (raw as RawRequest).id = id;
      (raw as RawRequest).requestContext = httpRequestContext(id, raw.headers);
      return id;
    },
    requestIdHeader: false,
    bodyLimit: 1_048_576,
    // A trailing slash names the same resource, as the route table that answers 405 reads it.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Node would refuse a request without Host itself, with no body and no Request-Id; the onRequest hook does.
    http: { requireHostHeader: false },
  });
  answerNodeRefusals(adapter.getInstance().server);
  // Bodies are JSON: any other content type is refused before it is parsed, not read as text or a form.
  adapter.getInstance().addHook('preParsing', async (request, reply, payload) => {
    const type = request.headers['content-type'];
    if (type !== undefined && !isJson(type) && !isImageUpload(request, type)) {
      return sendApiError(request, reply, new ApiError(415, 'request_invalid', 'Content-Type must be application/json'));
    }
    return payload;
  });
  // For routes on Fastify itself (the editor's preflights): Nest's routes go through ApiExceptionFilter.
  adapter.getInstance().setErrorHandler((error, request, reply) => {
    const answer = answerError(request, reply, error, routes);
    if (answer.code === 'internal_error') request.log.error({ err: error }, 'unhandled error');
  });
  registerImageBodies(adapter.getInstance());
  adapter.getInstance().addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.add(method, route.url);
  });
  adapter.getInstance().addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    // One line per request, named by its id and trace however far it got (the logging module's serializers keep it short).
    const fields = logFieldsOf((request.raw as RawRequest).requestContext);
    requestLog.log({ ...fields, req: request.raw, res: reply.raw, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
  });
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      return done(new ApiError(400, 'request_invalid', 'the Host header is missing, which HTTP/1.1 requires'));
    }
    // Routing comes first: an unknown path or method is a 404 or 405 before its body is read or judged.
    // Neither a path only the editor's catch-all preflight takes, nor one with an empty
    // parameter (the router matches `/users//designs`), names a resource.
    const emptyParameter = Object.entries((request.params ?? {}) as Record<string, string>).some(([name, value]) => name !== '*' && value === '');
    const unrouted = request.is404 || emptyParameter || (request.method === 'OPTIONS' && routes.methodsFor(request.url).length === 0);
    done(unrouted ? new NotFoundException(`Cannot ${request.method} ${request.url}`) : undefined);
  });
  // Entered last, after the body is read (its stream events run outside any request's context).
  adapter.getInstance().addHook('preHandler', (request, _reply, done) => {
    runInRequestContext((request.raw as RawRequest).requestContext, done);
  });
  return adapter;
}
