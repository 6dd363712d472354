import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from './public-address';

/** Ranges no request of ours may reach, each with where it comes from. */
const NON_PUBLIC_IPV4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // RFC 1918
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata
  '172.16.0.0/12', // RFC 1918
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.168.0.0/16', // RFC 1918
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast
];
const NON_PUBLIC_IPV6 = [
  '::/128', // unspecified
  '::1/128', // loopback
  '::/96', // IPv4-compatible (deprecated)
  '64:ff9b:1::/48', // local-use NAT64
  '100::/64', // discard-only
  '2001::/32', // Teredo
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
  'fc00::/7', // unique-local
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated)
  'ff00::/8', // multicast
];

/** Any address inside `cidr`: random host bits under its network bits. */
function inside(cidr: string): fc.Arbitrary<string> {
  const [network, prefix] = ipaddr.parseCIDR(cidr);
  const bytes = network.toByteArray();
  return fc.uint8Array({ minLength: bytes.length, maxLength: bytes.length }).map((random) => {
    const mixed = bytes.map((byte, i) => {
      const networkBits = Math.max(0, Math.min(8, prefix - i * 8));
      const mask = (0xff << (8 - networkBits)) & 0xff;
      return (byte & mask) | (random[i] & ~mask & 0xff);
    });
    return ipaddr.fromByteArray(mixed).toString();
  });
}

const hex16 = (ipv4: string, from: number) => {
  const octets = ipaddr.IPv4.parse(ipv4).octets;
  return ((octets[from] << 8) | octets[from + 1]).toString(16);
};
const word = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));

/** Every IPv6 form that carries an IPv4 address, in several spellings. */
const embeddings = (ipv4: string): fc.Arbitrary<string>[] => [
  fc.constant(`::ffff:${ipv4}`), // IPv4-mapped, dotted
  fc.constant(`::ffff:${hex16(ipv4, 0)}:${hex16(ipv4, 2)}`), // IPv4-mapped, hex (as WHATWG URLs write it)
  fc.constant(`0:0:0:0:0:ffff:${ipv4}`),
  fc.constant(`::ffff:0:${ipv4}`), // IPv4-translated
  fc.constant(`64:ff9b::${ipv4}`), // NAT64 well-known prefix
  fc.constant(`64:ff9b::${hex16(ipv4, 0)}:${hex16(ipv4, 2)}`),
  fc.tuple(word, word, word, word, word).map((w) => `64:ff9b:1:${w[0]}:${w[1]}:${w[2]}:${hex16(ipv4, 0)}:${hex16(ipv4, 2)}`), // local-use NAT64
  fc.tuple(word, word, word, word, word).map((w) => `2002:${hex16(ipv4, 0)}:${hex16(ipv4, 2)}:${w.join(':')}`), // 6to4
  fc.constant(`::${ipv4}`), // IPv4-compatible
  fc.tuple(word, word, word).map((w) => `2001:0:${hex16(ipv4, 0)}:${hex16(ipv4, 2)}:${w[0]}:${w[1]}:${w[2]}:1`), // Teredo server
];

describe('isPublicAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:2800:220:1:248:1893:25c8:1946', '2a00:1450:4001:81b::200e'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each(['::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::8.8.8.8', '2002:808:808::1', '::ffff:0:8.8.8.8'])(
    '%s carries a public IPv4 address and is public as it',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it.each(['not-an-ip', '', 'localhost', '127.1', '0x7f000001', '2130706433', 'fe80::1%eth0', '255.255.255.255', '192.88.99.1'])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(NON_PUBLIC_IPV4)('refuses every address of %s', (cidr) => {
    fc.assert(fc.property(inside(cidr), (address) => !isPublicAddress(address)));
  });

  it.each(NON_PUBLIC_IPV4)('refuses every address of %s written in any of its IPv6 embeddings', (cidr) => {
    fc.assert(
      fc.property(
        inside(cidr).chain((ipv4) => fc.oneof(...embeddings(ipv4))),
        (address) => !isPublicAddress(address) && !isPublicAddress(ipaddr.parse(address).toNormalizedString()),
      ),
    );
  });

  it.each(NON_PUBLIC_IPV6)('refuses every address of %s', (cidr) => {
    fc.assert(fc.property(inside(cidr), (address) => !isPublicAddress(address)));
  });

  it('judges an IPv4 address carried by IPv4-mapped, NAT64 and 6to4 addresses as that IPv4 address', () => {
    const ipv4 = fc.uint8Array({ minLength: 4, maxLength: 4 }).map((octets) => octets.join('.'));
    fc.assert(
      fc.property(ipv4, (address) => {
        const expected = isPublicAddress(address);
        return [`::ffff:${address}`, `64:ff9b::${address}`, `2002:${hex16(address, 0)}:${hex16(address, 2)}::1`].every((carried) => isPublicAddress(carried) === expected);
      }),
    );
  });
});
