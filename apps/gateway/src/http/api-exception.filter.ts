import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@embed/contracts';
import { ServiceUnavailableError } from '@embed/service-runtime';
import { ApiError } from './api-error';
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
  if (exception instanceof ServiceUnavailableError) {
    return new ApiError(503, 'service_unavailable', 'The service is briefly unavailable; nothing was changed. Retry.');
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code = CODE_BY_STATUS[status];
    if (code) return new ApiError(status, code, exception.message);
  }
  return new ApiError(500, 'internal_error', 'Internal error. Quote the requestId to support.');
}

/** Every error, including unknown routes, answers `{error, code, requestId}` and never a stack trace. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly routes: RouteTable) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const allowed = exception instanceof NotFoundException ? this.routes.methodsFor(request.url) : [];
    if (allowed.length > 0) void reply.header('Allow', allowed.join(', '));
    const error = allowed.length > 0 ? new ApiError(405, 'method_not_allowed', `${request.method} is not allowed here; use ${allowed.join(' or ')}.`) : toApiError(exception);
    // Our own errors are answers, not faults; anything else is a bug worth its stack (in the log only).
    if (error.code === 'internal_error') this.logger.error({ requestId: request.id, err: exception }, 'unhandled error');
    void reply.status(error.status).send({ error: error.message, code: error.code, requestId: request.id, ...error.details });
  }
}
