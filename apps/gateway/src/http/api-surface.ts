/**
 * Names the API's layers share: the editor API's prefix and CORS route flag, and the
 * headers that more than one layer reads or writes (the Idempotency-Key check, the
 * editor's CORS, the OpenAPI document). Here, below them all, so none imports another
 * for a name.
 */

export const EDITOR_PREFIX = '/editor/v1';

/** Route config (`@RouteConfig`) of routes under the editor's prefix that answer no CORS: the editor's own files. */
export const NO_EDITOR_CORS = { editorCors: false };

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Marks an answer given again for a key, not made anew. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** What the editor reads of an answer beyond the safelisted headers: the id to quote, when to retry, the limits. */
export const EXPOSED_HEADERS = ['Request-Id', 'Retry-After', 'RateLimit', 'RateLimit-Policy', REPLAYED_HEADER].join(', ');
