import type { ErrorCode, ServiceError } from '@embed/contracts';

/** The answer header carrying the request's id, the same as the error body's `requestId`. */
export const REQUEST_ID_HEADER = 'request-id';

/** An answer in the spec's error shape; `details` adds fields clients may ignore. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static fromService(error: ServiceError): ApiError {
    return new ApiError(error.status, error.code, error.message, error.details);
  }
}
