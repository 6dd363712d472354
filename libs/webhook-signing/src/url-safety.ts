import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must not reach in production: a URL pointing there would let an
 * integrator make our servers call our own network (SSRF). Loopback, private,
 * link-local (cloud metadata), carrier-grade NAT, unspecified, multicast and reserved
 * ranges of IPv4 and IPv6; IPv4 written inside IPv6 is checked as IPv4 (a BlockList
 * rule over ::ffff:0:0/96 would match every IPv4 address).
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** True when `address` (an IP literal) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface UrlSafetyRule {
  /** Local configuration: http and loopback or private receivers are fine (`npm start`, tests). */
  allowPrivate: boolean;
}

/** Why a webhook URL is refused by its scheme and form, or null when it may be used. */
export function webhookUrlProblem(url: string, rule: UrlSafetyRule): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must use https';
  if (!rule.allowPrivate && parsed.protocol !== 'https:') return 'must use https';
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  return null;
}

/**
 * Why the addresses a webhook host resolved to are refused, or null when every one is
 * public (or the rule allows private ones). Checked when the URL is set and again at
 * each connection, since DNS can change in between.
 */
export function resolvedAddressProblem(host: string, addresses: readonly string[], rule: UrlSafetyRule): string | null {
  if (rule.allowPrivate) return null;
  if (addresses.length === 0) return `${host} resolves to no address`;
  const blocked = addresses.find((address) => !isPublicAddress(address));
  return blocked ? `${host} resolves to ${blocked}, which is not a public address` : null;
}
