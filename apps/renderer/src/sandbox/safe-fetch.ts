import http from 'node:http';
import https from 'node:https';
import { guardedLookup, PUBLIC_WEB, urlProblem } from '@embed/egress-guard';
import { BlockedResourceError } from './blocked-resource-error';

export interface FetchedResource {
  status: number;
  contentType: string;
  body: Buffer;
}

export interface SafeFetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export const RESOURCE_LIMITS: SafeFetchLimits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 5_000, maxRedirects: 3 };

// Agents whose every connection goes through the public-only lookup.
const publicOnlyLookup = guardedLookup(PUBLIC_WEB);
const agents = {
  'http:': new http.Agent({ lookup: publicOnlyLookup, keepAlive: true, maxSockets: 16 }),
  'https:': new https.Agent({ lookup: publicOnlyLookup, keepAlive: true, maxSockets: 16 }),
};

function getOnce(url: URL, limits: SafeFetchLimits, signal?: AbortSignal): Promise<FetchedResource & { location?: string }> {
  const problem = urlProblem(url, PUBLIC_WEB);
  if (problem) return Promise.reject(new BlockedResourceError(problem));
  const protocol = url.protocol as keyof typeof agents;
  const client = protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { agent: agents[protocol], timeout: limits.timeoutMs, signal, headers: { 'user-agent': 'embed-renderer' } }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) return request.destroy(new BlockedResourceError(`larger than ${limits.maxBytes} bytes`));
        chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? 'application/octet-stream'),
          body: Buffer.concat(chunks),
          location: response.headers.location,
        }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new BlockedResourceError(`no answer within ${limits.timeoutMs} ms`)));
    request.on('error', reject);
  });
}

/**
 * GETs a resource for the sandbox: http(s) to public addresses only, each redirect
 * checked again as a new request, size and time bounded.
 */
export async function safeFetch(address: string, limits = RESOURCE_LIMITS, signal?: AbortSignal): Promise<FetchedResource> {
  let url = new URL(address);
  for (let redirects = 0; ; redirects++) {
    const { location, ...resource } = await getOnce(url, limits, signal);
    if (resource.status < 300 || resource.status >= 400 || !location) return resource;
    if (redirects >= limits.maxRedirects) throw new BlockedResourceError(`more than ${limits.maxRedirects} redirects`);
    url = new URL(location, url);
  }
}
