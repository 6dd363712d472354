/** Stable error codes of the server and editor APIs (spec section 7, contracts section 3). */
export type ErrorCode =
  | 'request_invalid'
  | 'design_invalid'
  | 'key_invalid'
  | 'token_invalid'
  | 'project_suspended'
  | 'workspace_suspended'
  | 'origin_not_allowed'
  | 'design_not_found'
  | 'mode_unavailable'
  | 'user_erased'
  | 'rate_limited'
  | 'service_unavailable'
  | 'not_found'
  | 'method_not_allowed'
  | 'internal_error';

/**
 * A domain error as data. Services return it inside a reply instead of throwing, so
 * that its status and code survive the trip over NATS; the gateway turns it into
 * the HTTP answer.
 */
export interface ServiceError {
  status: number;
  code: ErrorCode;
  message: string;
}

export type ServiceReply<T> = { ok: true; value: T } | { ok: false; error: ServiceError };

export const ok = <T>(value: T): ServiceReply<T> => ({ ok: true, value });
export const fail = (status: number, code: ErrorCode, message: string): ServiceReply<never> => ({
  ok: false,
  error: { status, code, message },
});
