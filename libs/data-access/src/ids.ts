import { monotonicFactory } from 'ulid';
import { pooledRandomBytes } from '@embed/credentials';

// Random fractions in [0, 1): each byte over 256 spreads evenly over ULID's 32 characters.
const nextUlid = monotonicFactory(() => pooledRandomBytes(1)[0] / 0x100);

/** Record ids: a readable prefix and a ULID, sortable by creation time. */
export const newId = (prefix: 'ws' | 'prj' | 'key' | 'wh' | 'psn' | 'tok' | 'rp' | 'img' | 'exp' | 'evt' | 'dlv' | 'att' | 'req' | 'tpl' | 'tn' | 'row') =>
  `${prefix}_${nextUlid().toLowerCase()}`;

/** Design ids are bare ULIDs: 26 letters and digits, as the spec requires. */
export const newDesignId = () => nextUlid();

/** The id the gateway gives each request: its answers, log lines and the events it causes carry it. */
export const newRequestId = () => newId('req');
