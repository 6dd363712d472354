import ipaddr, { type IPv4, type IPv6 } from 'ipaddr.js';
import { isIP } from 'node:net';

const ipv6Range = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);
const fromWords = (high: number, low: number) => ipaddr.IPv4.parse(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);

/**
 * IPv6 prefixes that carry an IPv4 address and deliver to it (through the host's own
 * stack, a NAT64 gateway or a 6to4 relay): such an address is as public as its IPv4.
 */
const CARRYING_IPV4: readonly { range: [IPv6, number]; ipv4: (address: IPv6) => IPv4 }[] = [
  { range: ipv6Range('::ffff:0:0/96'), ipv4: (a) => fromWords(a.parts[6], a.parts[7]) }, // IPv4-mapped, RFC 4291
  { range: ipv6Range('::ffff:0:0:0/96'), ipv4: (a) => fromWords(a.parts[6], a.parts[7]) }, // IPv4-translated, RFC 6145
  { range: ipv6Range('64:ff9b::/96'), ipv4: (a) => fromWords(a.parts[6], a.parts[7]) }, // NAT64 well-known prefix, RFC 6052
  { range: ipv6Range('2002::/16'), ipv4: (a) => fromWords(a.parts[1], a.parts[2]) }, // 6to4, RFC 3056
];

/**
 * Global unicast, RFC 4291: everything outside it is special or unassigned, among them
 * ::/96 (IPv4-compatible, deprecated), 64:ff9b:1::/48 (local-use NAT64, RFC 8215),
 * 100::/64, fc00::/7, fe80::/10, fec0::/10 and ff00::/8.
 */
const GLOBAL_UNICAST = ipv6Range('2000::/3');

/**
 * The IPv4 address an IPv6 address carries, for the prefixes above; null for any other.
 * Teredo (2001::/32) carries one too, but is refused whole (ipaddr.js classes it apart).
 */
function carriedIPv4(address: IPv6): IPv4 | null {
  const carrier = CARRYING_IPV4.find(({ range }) => address.match(range));
  return carrier ? carrier.ipv4(address) : null;
}

/**
 * True when `address` (an IP literal, as DNS answers or a URL's host give it) is on the
 * public internet, so that our servers may connect to it on an integrator's behalf.
 * Refused: loopback, RFC 1918, link-local (cloud metadata at 169.254.169.254), CGNAT,
 * 0.0.0.0/8, benchmarking, documentation, multicast, broadcast and reserved ranges
 * (ipaddr.js keeps the IANA special-purpose registries: anything it does not call
 * `unicast` is refused); of IPv6, anything outside global unicast or special inside it
 * (documentation, Teredo, ORCHID…), and IPv4 carried in IPv6 judged as that IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as IPv6;
  const ipv4 = carriedIPv4(ipv6);
  if (ipv4) return ipv4.range() === 'unicast';
  return ipv6.match(GLOBAL_UNICAST) && ipv6.range() === 'unicast';
}
