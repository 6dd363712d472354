import { randomUUID } from 'node:crypto';
import { EmbedApiError, EmbedConnectionError } from './errors';
import { type Failure, parseRetryAfter, type RetryPolicy, retryDelayMs } from './retry-policy';
import { CLIENT_VERSION } from './version';

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the base URL, its parameters already encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Bytes sent as they are with their own type instead of a JSON body (an image upload). */
  bytes?: { data: Uint8Array; contentType: string };
  /** Doing it twice equals doing it once, so it may be sent again after a lost answer. */
  idempotent: boolean;
}

export interface Answer {
  status: number;
  /** The parsed JSON body, or undefined for an empty one (204). */
  body: unknown;
}

/** Told before each retry, for logs or metrics; it carries no credential. */
export interface RetryEvent {
  method: string;
  path: string;
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  /** The error that is being retried. */
  error: EmbedApiError | EmbedConnectionError;
}

export interface TransportSettings {
  baseUrl: string;
  secretKey: string;
  timeoutMs: number;
  policy: RetryPolicy;
  fetch: typeof fetch;
  onRetry?: (event: RetryEvent) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorCode(error: unknown): unknown {
  const { code, errors } = (error ?? {}) as { code?: unknown; errors?: unknown[] };
  return code ?? errors?.map(errorCode).find(Boolean);
}

/** fetch rejects with a TypeError whose cause holds the system error (several when a host has several addresses). */
function connectionError(error: unknown, timeoutMs: number): { failure: Failure; error: EmbedConnectionError } {
  if ((error as { name?: unknown })?.name === 'TimeoutError') {
    return { failure: { kind: 'no-answer', refused: false }, error: new EmbedConnectionError('timeout', `No answer within ${timeoutMs} ms.`, { cause: error }) };
  }
  const code = errorCode((error as { cause?: unknown })?.cause);
  const refused = code === 'ECONNREFUSED';
  const message = `Could not reach the service${typeof code === 'string' ? ` (${code})` : ''}.`;
  return { failure: { kind: 'no-answer', refused }, error: new EmbedConnectionError('connection_failed', message, { cause: error }) };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function apiError(status: number, headers: Headers, body: unknown, retryAfterMs: number | null): EmbedApiError {
  const { error, code, requestId } = (body ?? {}) as { error?: unknown; code?: unknown; requestId?: unknown };
  const id = typeof requestId === 'string' ? requestId : headers.get('request-id');
  const retryAfter = retryAfterMs === null ? null : Math.ceil(retryAfterMs / 1000);
  if (typeof code !== 'string') return new EmbedApiError(status, 'unexpected_response', `Unexpected answer: HTTP ${status}.`, id, retryAfter);
  return new EmbedApiError(status, code, typeof error === 'string' ? error : code, id, retryAfter);
}

/** The address without the slashes it ends with, read once from the end (a pattern anchored at the end is tried again from each slash). */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

/**
 * Sends calls with the secret key, turns error answers into EmbedApiError, and retries
 * where safe. Every POST carries a fresh `Idempotency-Key`, the same on each of its
 * retries, so that a retry of work that did happen after all (an answer lost on the way)
 * is answered with the first answer instead of being done twice.
 */
export class Transport {
  private readonly baseUrl: string;

  constructor(private readonly settings: TransportSettings) {
    this.baseUrl = withoutTrailingSlashes(settings.baseUrl);
  }

  async send(call: Call): Promise<Answer> {
    const idempotencyKey = call.method === 'POST' ? randomUUID() : undefined;
    for (let retriesDone = 0; ; retriesDone++) {
      const outcome = await this.attempt(call, idempotencyKey);
      if ('status' in outcome) return outcome;
      const delayMs = retryDelayMs(outcome.failure, retriesDone, call.idempotent, this.settings.policy);
      if (delayMs === null) throw outcome.error;
      this.settings.onRetry?.({ method: call.method, path: call.path, retry: retriesDone + 1, delayMs, error: outcome.error });
      await sleep(delayMs);
    }
  }

  private async attempt(call: Call, idempotencyKey: string | undefined): Promise<Answer | { failure: Failure; error: EmbedApiError | EmbedConnectionError }> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.settings.secretKey}`,
      accept: 'application/json',
      'user-agent': `embed-node-client/${CLIENT_VERSION}`,
      ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
    };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.bytes) headers['content-type'] = call.bytes.contentType;
    let status: number;
    let responseHeaders: Headers;
    let text: string;
    try {
      const response = await this.settings.fetch(this.url(call), {
        method: call.method,
        headers,
        body: call.bytes ? new Blob([call.bytes.data as Uint8Array<ArrayBuffer>]) : call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        // The API never redirects; following one would send the secret key to another address.
        redirect: 'error',
      });
      status = response.status;
      responseHeaders = response.headers;
      text = await response.text();
    } catch (error) {
      return connectionError(error, this.settings.timeoutMs);
    }
    const body = parseJson(text);
    // A success must carry JSON, except a 204; anything else (a proxy's HTML page) is an error.
    if (status < 400 && (status === 204 || body !== undefined)) return { status, body };
    const retryAfterMs = parseRetryAfter(responseHeaders.get('retry-after'));
    return { failure: { kind: 'answer', status, retryAfterMs }, error: apiError(status, responseHeaders, body, retryAfterMs) };
  }

  private url({ path, query = {} }: Call): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const suffix = search.size > 0 ? `?${search}` : '';
    return `${this.baseUrl}${path}${suffix}`;
  }
}
