import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { bareHost, type EgressRule, resolvedAddressProblem, urlProblem } from './egress-rule';
import { hostResolver } from './resolve-host';

/** A connection the egress rule refused; `message` says why, in words fit for a warning or a delivery record. */
export class EgressRefusedError extends Error {
  readonly code = 'EEGRESSREFUSED';

  constructor(message: string) {
    super(message);
    this.name = 'EgressRefusedError';
  }
}

/**
 * A DNS lookup for sockets (the `lookup` option of http, https and net) that refuses a
 * host when any address it resolves to breaks the rule. It runs for every new
 * connection and the socket connects to the very addresses it checked, so a name that
 * resolves differently a moment later (DNS rebinding) gains nothing.
 */
export function guardedLookup(rule: EgressRule): LookupFunction {
  return (hostname, options, callback) => {
    hostResolver.resolve(hostname).then(
      (resolved) => {
        const problem = resolvedAddressProblem(hostname, resolved.map(({ address }) => address), rule);
        if (problem) return callback(new EgressRefusedError(problem), '', 0);
        // The socket may ask for one family; every address was judged above all the same.
        const addresses: LookupAddress[] = options.family ? resolved.filter(({ family }) => family === options.family) : resolved;
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * Why `url` may not be stored as a target for later requests (a webhook URL, say), or
 * null: its form, then what its host resolves to now. The connections made later check
 * again through `guardedLookup`, since DNS can change in between.
 */
export async function targetProblem(url: URL, rule: EgressRule): Promise<string | null> {
  const formProblem = urlProblem(url, rule);
  const host = bareHost(url);
  if (formProblem || rule.allowPrivate || isIP(host)) return formProblem;
  let addresses: string[];
  try {
    addresses = (await hostResolver.resolve(host)).map(({ address }) => address);
  } catch {
    return `${host} could not be resolved`;
  }
  return resolvedAddressProblem(host, addresses, rule);
}
