import { isIP } from 'node:net';
import { isPublicAddress } from './public-address';

/** What one kind of outgoing request may reach. */
export interface EgressRule {
  /** Loopback and private hosts are fine: local stacks and tests, whose receivers listen on 127.0.0.1. */
  allowPrivate: boolean;
  /** Only https (webhooks in production); otherwise http too. */
  httpsOnly: boolean;
}

/** The renderer's rule for what a design refers to: http(s) on the public internet, always. */
export const PUBLIC_WEB: EgressRule = { allowPrivate: false, httpsOnly: false };

/**
 * Webhooks: https to public hosts, or, where private hosts are allowed (local stacks
 * and tests, WEBHOOK_ALLOW_PRIVATE_URLS), http too.
 */
export const webhookRule = (allowPrivate: boolean): EgressRule => ({ allowPrivate, httpsOnly: !allowPrivate });

/** A URL's host without the brackets of an IPv6 literal. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Why the addresses `host` resolved to may not be connected to, or null when every one
 * of them is public (or the rule allows private ones). One bad address refuses the host:
 * a connection may go to any of them.
 */
export function resolvedAddressProblem(host: string, addresses: readonly string[], rule: EgressRule): string | null {
  if (rule.allowPrivate) return null;
  if (addresses.length === 0) return `${host} resolves to no address`;
  const blocked = addresses.find((address) => !isPublicAddress(address));
  if (blocked === undefined) return null;
  return blocked === host ? `${host} is not a public address` : `${host} resolves to ${blocked}, which is not a public address`;
}

/**
 * Why `url` may not be requested, judged by its form alone before any connection: its
 * scheme, credentials in it, and a literal address as host (connections to those skip
 * DNS, so the guarded lookup never sees them).
 */
export function urlProblem(url: URL, rule: EgressRule): string | null {
  const schemes = rule.httpsOnly ? ['https:'] : ['http:', 'https:'];
  if (!schemes.includes(url.protocol)) return `must use ${rule.httpsOnly ? 'https' : 'http or https'}, not ${url.protocol}`;
  if (url.username || url.password) return 'must not carry a user name or password';
  const host = bareHost(url);
  return isIP(host) ? resolvedAddressProblem(host, [host], rule) : null;
}
