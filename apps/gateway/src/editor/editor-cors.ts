import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../auth/authenticated-request';
import { ApiError } from '../http/api-error';
import { EDITOR_PREFIX, EXPOSED_HEADERS, IDEMPOTENCY_KEY_HEADER } from '../http/api-surface';

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', IDEMPOTENCY_KEY_HEADER].join(', ');
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** Which sites may read the editor API's answers before a token says which (EditorSites). */
export interface EditorSiteCheck {
  /** Rejects with 429 rate_limited once the client at address `client` has asked about too many unknown origins. */
  isEditorSite(origin: string, client: string): Promise<boolean>;
}

/**
 * Whether an answer may be read by the page at `origin` (contracts §3). Once the request's
 * token is found, only its own site may read the answer, its refusals included; before
 * that (no token, an unknown or expired one, a request refused before the token is
 * checked) any site the editor may be embedded on may, so that the editor can read the
 * code and, on 401, ask for a new token.
 */
export async function readableBy(origin: string, client: string, tokenOrigin: string | undefined, sites: EditorSiteCheck): Promise<boolean> {
  return tokenOrigin !== undefined ? origin === tokenOrigin : sites.isEditorSite(origin, client);
}

function varyOnOrigin(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const values = typeof vary === 'string' ? vary.split(',').map((value) => value.trim()) : [];
  if (!values.some((value) => value.toLowerCase() === 'origin')) void reply.header('Vary', [...values, 'Origin'].filter(Boolean).join(', '));
}

const isEditorApi = (request: AuthenticatedRequest) =>
  request.url.startsWith(`${EDITOR_PREFIX}/`) && (request.routeOptions.config as { editorCors?: boolean } | undefined)?.editorCors !== false;

/**
 * The editor runs in the integrator's page, so its API answers CORS: every answer,
 * errors included, for the token's site only once the token is known, and for the
 * sites the editor may be on before that. A preflight carries no token: it is answered
 * for an allowed site of some project or localhost, and refused 403 for any other
 * origin. The server API (/embed/v1) answers no CORS at all.
 */
export function registerEditorCors(fastify: FastifyInstance, sites: EditorSiteCheck): void {
  fastify.addHook('onSend', async (request: AuthenticatedRequest, reply) => {
    if (request.method === 'OPTIONS' || !isEditorApi(request)) return;
    varyOnOrigin(reply);
    const origin = request.headers.origin;
    if (typeof origin !== 'string') return;
    const readable = await readableBy(origin, request.ip, request.tokenOrigin, sites).catch((err: unknown) => {
      // The answer goes out as it is; only the asking page cannot read it (a client over its budget of made-up origins is no news).
      if (!(err instanceof ApiError)) request.log.warn({ err }, 'could not tell whether the origin may read the answer');
      return false;
    });
    if (readable) void reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  });
  fastify.options(`${EDITOR_PREFIX}/*`, async (request, reply) => {
    varyOnOrigin(reply);
    const origin = request.headers.origin;
    // A database away is answered 503 by the error handler, like any outage.
    const allowed = typeof origin === 'string' && (await sites.isEditorSite(origin, request.ip));
    if (!allowed) throw new ApiError(403, 'origin_not_allowed', 'The editor API answers preflights only for the allowed sites of its projects, and localhost.');
    void reply
      .header('Access-Control-Allow-Origin', origin)
      .header('Access-Control-Allow-Methods', ALLOWED_METHODS)
      .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
      .header('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
    return reply.status(204).send();
  });
}
