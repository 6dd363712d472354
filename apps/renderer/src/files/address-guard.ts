import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from '@embed/webhook-signing';

/** A resource the sandbox refuses to load; `message` says why, in words for warnings. */
export class BlockedResourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedResourceError';
  }
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * Why a URL may not be fetched by its form alone, or null: http(s) only, no credentials,
 * and an IP literal host must be public (the connection skips DNS for those).
 */
export function urlProblem(url: URL): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} addresses are not loaded`;
  if (url.username || url.password) return 'addresses with a user name or password are not loaded';
  const host = bare(url.hostname);
  if (isIP(host) && !isPublicAddress(host)) return `${host} is not a public address`;
  return null;
}

/**
 * A DNS lookup for sockets that refuses a host when any address it resolves to is not
 * public. Checked at connection time, on the very addresses connected to, so a name
 * that resolves differently a moment later (DNS rebinding) gains nothing.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const blocked = addresses.find(({ address }) => !isPublicAddress(address));
    if (blocked || addresses.length === 0) {
      return callback(new BlockedResourceError(`${hostname} resolves to ${blocked?.address ?? 'no address'}, which is not a public address`), '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};
