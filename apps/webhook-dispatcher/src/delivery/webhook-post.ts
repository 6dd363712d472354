import http from 'node:http';
import https from 'node:https';
import { connectionErrorMessage, type EgressRule, EgressRefusedError, guardedLookup, urlProblem } from '@embed/egress-guard';

export interface PostResult {
  /** The receiver's status; null when no answer came (refused, reset, timed out, refused by the safety rule). */
  statusCode: number | null;
  error: string | null;
  /** Why no answer came, for the metrics: the safety rule refused the URL, the deadline passed, the connection was refused, or another network error. */
  failure: 'blocked' | 'timeout' | 'refused' | 'network' | null;
  durationMs: number;
}

export interface PostOptions {
  signature: string;
  timeoutMs: number;
  rule: EgressRule;
}

// Kept-alive connections: a busy receiver is not handed a new TLS handshake per event.
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

const FAILURES: Record<string, PostResult['failure']> = { ETIMEDOUT: 'timeout', ECONNREFUSED: 'refused' };

const failureOf = (error: Error): PostResult['failure'] =>
  error instanceof EgressRefusedError ? 'blocked' : (FAILURES[(error as NodeJS.ErrnoException).code ?? ''] ?? 'network');

/**
 * POSTs `body` as it is, signed, and reports what came back. Redirects are not
 * followed (a 3xx is a failed attempt like any non-2xx); no answer within `timeoutMs`,
 * connecting included, is a failed attempt.
 */
export function postWebhook(target: string, body: string, { signature, timeoutMs, rule }: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const result = (statusCode: number | null, error: string | null, failure: PostResult['failure'] = null): PostResult => ({
    statusCode,
    error,
    failure,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(target);
  const problem = urlProblem(url, rule);
  if (problem) return Promise.resolve(result(null, `refused by the URL safety rule: ${problem}`, 'blocked'));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(url, {
      method: 'POST',
      agent: agents[url.protocol as keyof typeof agents],
      lookup: guardedLookup(rule),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'embed-webhooks/1',
        'service-signature': signature,
      },
    });
    const deadline = setTimeout(() => request.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })), timeoutMs);
    request.on('response', (response) => {
      clearTimeout(deadline);
      response.resume(); // the body is not needed; reading it frees the connection for reuse
      const status = response.statusCode ?? 0;
      resolve(result(status, status >= 200 && status < 300 ? null : `answered ${status}`));
    });
    request.on('error', (error) => {
      clearTimeout(deadline);
      resolve(result(null, connectionErrorMessage(error), failureOf(error)));
    });
    request.end(body);
  });
}
