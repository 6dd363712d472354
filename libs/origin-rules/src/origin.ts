/** Default ports a browser leaves out of an origin. */
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

export class OriginError extends Error {}

/**
 * An origin as a browser states it: `scheme://host[:port]`, lower-case host, no
 * default port, no path. A full URL is reduced to its origin. Only http(s).
 */
export function normalizeOrigin(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new OriginError('must be an origin such as https://app.example.com');
  }
  if (!(url.protocol in DEFAULT_PORTS)) throw new OriginError('must use http or https');
  if (url.username || url.password) throw new OriginError('must not carry credentials');
  if (!url.hostname) throw new OriginError('must name a host');
  // URL lower-cases the host and drops default ports already; keep it explicit.
  const port = url.port && url.port !== DEFAULT_PORTS[url.protocol] ? `:${url.port}` : '';
  return `${url.protocol}//${url.hostname.toLowerCase()}${port}`;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an already normalised origin is localhost (any port), which test keys allow. */
export function isLocalhostOrigin(origin: string): boolean {
  return LOCAL_HOSTS.has(new URL(origin).hostname);
}
