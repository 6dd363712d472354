import type { ErrorCode, ServiceError } from '@embed/contracts';

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
    return new ApiError(error.status, error.code, error.message);
  }
}
