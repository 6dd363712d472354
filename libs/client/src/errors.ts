import type { ErrorCode } from '@embed/contracts';

/** Codes of the spec (section 7), open to codes added later within v1. */
export type ApiErrorCode = ErrorCode | 'unexpected_response' | (string & {});

/**
 * The service answered with an error. Match on `code`, which is stable; `message` is
 * the service's words and may change. Quote `requestId` to support.
 */
export class EmbedApiError extends Error {
  override readonly name = 'EmbedApiError';

  constructor(
    /** HTTP status of the answer. */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly requestId: string | null,
    /** Seconds the service asked to wait (`Retry-After` of a 429 or 503), or null. */
    readonly retryAfter: number | null,
  ) {
    super(message);
  }
}

/**
 * No answer came: the connection failed, was reset, or the answer did not come within
 * `timeoutMs`. The request may or may not have been carried out (unless the connection
 * was refused).
 */
export class EmbedConnectionError extends Error {
  override readonly name = 'EmbedConnectionError';

  constructor(
    readonly code: 'timeout' | 'connection_failed',
    message: string,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

/** A webhook whose signature does not verify (wrong secret, changed body, or `t` outside the tolerance). */
export class EmbedWebhookError extends Error {
  override readonly name = 'EmbedWebhookError';
  readonly code = 'signature_invalid';
}
