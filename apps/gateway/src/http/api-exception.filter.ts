import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@embed/contracts';
import { isDatabaseUnavailable } from '@embed/data-access';
import { ServiceUnavailableError } from '@embed/service-runtime';
import { StorageUnavailableError } from '@embed/storage';
import { ApiError, REQUEST_ID_HEADER } from './api-error';
import { routeMiss } from './route-miss';
import type { RouteTable } from './route-table';

/** Codes for errors raised by the framework itself rather than by our handlers. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'request_invalid',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'request_invalid',
  415: 'request_invalid',
  503: 'service_unavailable',
};

export function toApiError(exception: unknown): ApiError {
  if (exception instanceof ApiError) return exception;
  // The gateway reads keys, tokens and idempotency records itself, and stores uploads: a database or store away is an outage, not a fault.
  if (exception instanceof ServiceUnavailableError || exception instanceof StorageUnavailableError || isDatabaseUnavailable(exception)) {
    return new ApiError(503, 'service_unavailable', 'The service is briefly unavailable; nothing was changed. Retry.');
  }
  const status = exception instanceof HttpException ? exception.getStatus() : fastifyStatus(exception);
  if (status !== undefined) {
    // Any other refusal of the request by the framework is still the client's to fix.
    const code = CODE_BY_STATUS[status] ?? (status >= 400 && status < 500 ? 'request_invalid' : undefined);
    if (code) return new ApiError(status, code, (exception as Error).message);
  }
  return new ApiError(500, 'internal_error', 'Internal error. Quote the requestId to support.');
}

/** The status of an error Fastify raised itself (a body it cannot parse, say), as Nest reads it. */
function fastifyStatus(exception: unknown): number | undefined {
  const { name, statusCode } = (exception ?? {}) as { name?: unknown; statusCode?: unknown };
  return exception instanceof Error && name === 'FastifyError' && typeof statusCode === 'number' ? statusCode : undefined;
}

/**
 * The answer in the spec's error shape. It sets Request-Id itself, from the same id as the
 * body: some refusals (a path the 404 router cannot decode) run no hook that would.
 * Returns the reply, which a hook returns to end the request there.
 */
export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  return reply
    .headers(error.headers)
    .header(REQUEST_ID_HEADER, request.id)
    .status(error.status)
    .send({ error: error.message, code: error.code, requestId: request.id, ...error.details });
}

/**
 * Answers any error in the spec's shape, never with a stack trace: Nest's routes through
 * ApiExceptionFilter, Fastify's own (the editor's preflights) through its error handler.
 * Returns the answer, so that the caller can log a fault with its stack.
 */
export function answerError(request: FastifyRequest, reply: FastifyReply, exception: unknown, routes: RouteTable): ApiError {
  // Nest and the router say "not found" for every request no route took: tell 400, 404 and 405 apart.
  const miss = exception instanceof NotFoundException ? routeMiss(request.method, request.url, routes) : undefined;
  if (miss?.allow) void reply.header('Allow', miss.allow.join(', '));
  const error = miss?.error ?? toApiError(exception);
  void sendApiError(request, reply, error);
  return error;
}

/** Every error, including unknown routes, answers `{error, code, requestId}` and never a stack trace. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly routes: RouteTable) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const error = answerError(request, host.switchToHttp().getResponse<FastifyReply>(), exception, this.routes);
    // Our own errors are answers, not faults; anything else is a bug worth its stack (in the log only).
    if (error.code === 'internal_error') this.logger.error({ requestId: request.id, err: exception }, 'unhandled error');
  }
}
