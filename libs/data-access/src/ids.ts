import { monotonicFactory } from 'ulid';

const nextUlid = monotonicFactory();

/** Record ids: a readable prefix and a ULID, sortable by creation time. */
export const newId = (prefix: 'ws' | 'prj' | 'key' | 'wh' | 'psn' | 'tok' | 'rp' | 'img' | 'exp' | 'evt' | 'dlv' | 'att') =>
  `${prefix}_${nextUlid().toLowerCase()}`;

/** Design ids are bare ULIDs: 26 letters and digits, as the spec requires. */
export const newDesignId = () => nextUlid();
