import { Resolver } from 'node:dns/promises';
import { LRUCache } from 'lru-cache';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** One try waits this long for the DNS server, and a name gets two; a reachable server answers in milliseconds. */
const TRY_TIMEOUT_MS = 1_000;
const TRIES = 2;
/** The whole lookup gives up after this, however many search domains resolv.conf makes it try. */
const LOOKUP_BUDGET_MS = 3_000;

/** A DNS client for the servers of resolv.conf, or for `servers` (tests). */
export function dnsClient(servers?: string[]): Resolver {
  const resolver = new Resolver({ timeout: TRY_TIMEOUT_MS, tries: TRIES });
  if (servers) resolver.setServers(servers);
  return resolver;
}

/** RFC 6761: localhost names are loopback, without asking any server. */
const LOOPBACK: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/**
 * A name that failed to resolve fails again at once for this long, so the images of a
 * design on a host that does not resolve cost one wait, not one each (a ZIP fetches them
 * in turn).
 */
const FAILURE_TTL_MS = 15_000;

/**
 * Resolves host names to their addresses (A and AAAA records), within LOOKUP_BUDGET_MS.
 *
 * The DNS server is asked by c-ares (dns.Resolver), not by the system's getaddrinfo
 * (dns.lookup): getaddrinfo holds one of Node's four threadpool threads until the server
 * answers, and a server that never answers (seen on a CI machine) held each for 10 s, so
 * a design with a few images on unresolvable hosts stopped the renderer's file writes
 * and every export behind them. The hosts file is not read: what the egress guard
 * resolves are hosts on the web. Lookups of one name at the same moment share one query.
 */
export class HostResolver {
  private readonly inFlight = new Map<string, Promise<ResolvedAddress[]>>();
  private readonly failures = new LRUCache<string, Error>({ max: 1_000, ttl: FAILURE_TTL_MS });

  constructor(private readonly client = dnsClient()) {}

  resolve(hostname: string): Promise<ResolvedAddress[]> {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) return Promise.resolve(LOOPBACK);
    const failure = this.failures.get(name);
    if (failure) return Promise.reject(failure);
    let lookup = this.inFlight.get(name);
    if (!lookup) {
      lookup = this.ask(name).catch((error: Error) => {
        this.failures.set(name, error);
        throw error;
      });
      this.inFlight.set(name, lookup);
      void lookup.catch(() => undefined).finally(() => this.inFlight.delete(name));
    }
    return lookup;
  }

  private async ask(name: string): Promise<ResolvedAddress[]> {
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(dnsError('ETIMEOUT', `no DNS answer for ${name} within ${LOOKUP_BUDGET_MS} ms`)), LOOKUP_BUDGET_MS);
    });
    try {
      const [v4, v6] = await Promise.race([Promise.allSettled([this.client.resolve4(name), this.client.resolve6(name)]), outOfTime]);
      const addresses: ResolvedAddress[] = [
        ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
        ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
      ];
      if (addresses.length > 0) return addresses;
      throw v4.status === 'rejected' ? v4.reason : dnsError('ENOTFOUND', `${name} has no address`);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The resolver of every egress check in a process. */
export const hostResolver = new HostResolver();

function dnsError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}
