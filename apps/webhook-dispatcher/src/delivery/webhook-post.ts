import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { resolvedAddressProblem, type UrlSafetyRule, webhookUrlProblem } from '@embed/webhook-signing';

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
  rule: UrlSafetyRule;
}

// Kept-alive connections: a busy receiver is not handed a new TLS handshake per event.
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

class UnsafeAddressError extends Error {
  readonly code = 'EUNSAFEADDRESS';
}

const FAILURES: Record<string, PostResult['failure']> = { EUNSAFEADDRESS: 'blocked', ETIMEDOUT: 'timeout', ECONNREFUSED: 'refused' };

/**
 * A DNS lookup that refuses hosts resolving to addresses the rule forbids. It runs for
 * each new connection and the connection goes to the address it checked, so a DNS
 * answer that changes after the check (rebinding) cannot reach a private address.
 */
function guardedLookup(rule: UrlSafetyRule): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const problem = resolvedAddressProblem(hostname, addresses.map((a) => a.address), rule);
      if (problem) return callback(new UnsafeAddressError(problem), '', 0);
      if (options.all) return (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Why this URL may not be called now, before any connection: its scheme, or a literal address the rule forbids. */
function urlProblem(url: URL, rule: UrlSafetyRule): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return webhookUrlProblem(url.href, rule) ?? (isIP(host) ? resolvedAddressProblem(host, [host], rule) : null);
}

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
      resolve(result(null, error.message, FAILURES[(error as NodeJS.ErrnoException).code ?? ''] ?? 'network'));
    });
    request.end(body);
  });
}
