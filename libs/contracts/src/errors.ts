/** Stable error codes of the server and editor APIs, every one documented in docs/server-api.md. */
export const ERROR_CODES = [
  'request_invalid',
  'design_invalid',
  'design_too_complex',
  'key_invalid',
  'token_invalid',
  'project_suspended',
  'workspace_suspended',
  'origin_not_allowed',
  'token_read_only',
  'quota_exceeded',
  'design_not_found',
  'revision_not_found',
  'template_not_found',
  'image_not_found',
  'image_in_use',
  'saved_row_not_found',
  'row_locked',
  'mode_unavailable',
  'user_erased',
  'idempotency_key_reused',
  'revision_conflict',
  'source_unreadable',
  'rate_limited',
  'service_unavailable',
  'not_found',
  'method_not_allowed',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A domain error as data. Services return it inside a reply instead of throwing, so
 * that its status and code survive the trip over NATS; the gateway turns it into
 * the HTTP answer.
 */
export interface ServiceError {
  status: number;
  code: ErrorCode;
  message: string;
  /** Fields the answer adds beside `error`, `code` and `requestId` (409 revision_conflict: the stored `design`). */
  details?: Record<string, unknown>;
}

export type ServiceReply<T> = { ok: true; value: T } | { ok: false; error: ServiceError };

export const ok = <T>(value: T): ServiceReply<T> => ({ ok: true, value });
export const fail = (status: number, code: ErrorCode, message: string, details?: Record<string, unknown>): ServiceReply<never> => ({
  ok: false,
  error: { status, code, message, ...(details && { details }) },
});
