import type { ErrorCode, ServiceError } from '@embed/contracts';

/** The answer header carrying the request's id, the same as the error body's `requestId`. */
export const REQUEST_ID_HEADER = 'request-id';

/** An answer in the spec's error shape; `details` adds fields clients may ignore, `headers` header fields of the answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** 429 rate_limited, saying in Retry-After when to try again. */
  static rateLimited(message: string, retryAfterSeconds: number): ApiError {
    return new ApiError(429, 'rate_limited', message, {}, { 'Retry-After': String(retryAfterSeconds) });
  }

  static fromService(error: ServiceError): ApiError {
    return new ApiError(error.status, error.code, error.message, error.details);
  }
}
