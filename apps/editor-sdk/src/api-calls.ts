import { type ApiCall, apiCallOf, type ApiRequest, type ApiResponse, type EditorErrorCode } from '@embed/editor-protocol';
import type { TokenKeeper } from './tokens';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const failure = (code: EditorErrorCode, message: string): ApiResponse => ({ status: 0, body: { code, error: message }, headers: {} });

async function send(baseUrl: string, request: ApiCall, token: string): Promise<ApiResponse> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
  let body: BodyInit | undefined;
  if (request.bytes) {
    body = request.bytes;
    headers['Content-Type'] = request.contentType ?? 'application/octet-stream';
  } else if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(baseUrl + request.path, { method: request.method, headers, body, mode: 'cors', credentials: 'omit', cache: 'no-store' });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return {
    status: response.status,
    body: isJson && text ? JSON.parse(text) : text,
    headers: { 'retry-after': response.headers.get('retry-after') ?? '' },
  };
}

/**
 * How long to wait before asking again for a read the service answered 503 (briefly
 * unavailable, nothing changed): a designer opening the editor on a busy moment gets
 * the design a second later rather than an error. Writes are not asked again here:
 * the editor's saving retries them itself (a create with its Idempotency-Key).
 */
export const READ_RETRY_DELAYS_MS = [250, 1_000];

/**
 * Makes an API call for the frame from the host page, so the browser sends the page's
 * own Origin and the server decides. The frame names the operation; the URL is built
 * here (apiCallOf), so the frame can reach the editor API's calls and nothing else. A
 * 401 `token_invalid` is retried once with a new token, a read's 503 after each of
 * READ_RETRY_DELAYS_MS.
 */
export async function callApi(baseUrl: string, tokens: TokenKeeper, asked: ApiRequest): Promise<ApiResponse> {
  const request = apiCallOf(asked);
  if (!request) return failure('request_invalid', `the editor may not ask for ${JSON.stringify(String(asked?.op)).slice(0, 80)} with these ids`);
  let response = await sendWithToken(baseUrl, tokens, request);
  for (const delayMs of request.method === 'GET' ? READ_RETRY_DELAYS_MS : []) {
    if (response.status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    response = await sendWithToken(baseUrl, tokens, request);
  }
  return response;
}

/** Sends `request` with the current token, and once more with a new one when the service answers 401 `token_invalid`. */
async function sendWithToken(baseUrl: string, tokens: TokenKeeper, request: ApiCall): Promise<ApiResponse> {
  const attempt = async (forceNewToken: boolean) => {
    let token: string;
    try {
      token = await tokens.get(forceNewToken);
    } catch (error) {
      return failure('token_unavailable', `getToken failed: ${messageOf(error)}`);
    }
    try {
      return await send(baseUrl, request, token);
    } catch (error) {
      // The browser hides why: the network, or an answer without CORS for this page (a token of another site).
      return failure('network_error', `The service did not answer this page (offline, or this page's origin is not the token's): ${messageOf(error)}`);
    }
  };
  const first = await attempt(false);
  if (first.status !== 401 || (first.body as { code?: string })?.code !== 'token_invalid') return first;
  return attempt(true);
}
