import { randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulid';

/**
 * Random fractions in [0, 1) drawn from a pooled buffer of system randomness: the
 * library's default asks the system for one byte per character, which cost 3% of the
 * gateway's time under load. Each byte over 256 spreads evenly over ULID's 32 characters.
 */
function pooledRandom(): () => number {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset === pool.length) [pool, offset] = [randomBytes(4096), 0];
    return pool[offset++] / 0x100;
  };
}

const nextUlid = monotonicFactory(pooledRandom());

/** Record ids: a readable prefix and a ULID, sortable by creation time. */
export const newId = (prefix: 'ws' | 'prj' | 'key' | 'wh' | 'psn' | 'tok' | 'rp' | 'img' | 'exp' | 'evt' | 'dlv' | 'att' | 'req') =>
  `${prefix}_${nextUlid().toLowerCase()}`;

/** Design ids are bare ULIDs: 26 letters and digits, as the spec requires. */
export const newDesignId = () => nextUlid();

/** The id the gateway gives each request: its answers, log lines and the events it causes carry it. */
export const newRequestId = () => newId('req');
