import { createHmac } from 'node:crypto';
import { ENVIRONMENTS, type Environment } from '@embed/contracts';
import { LEDGER_PREFIX, ledgerKey } from '@embed/storage';

/**
 * The erasure ledger: one entry per finished erasure, kept in the object store (which a
 * database restore does not roll back), so that erasures a restored backup brings back
 * are done again. An entry names the person only by a keyed hash of their project,
 * environment and the integrator's id: without the key, nothing in it leads to anyone.
 */
export interface LedgerEntry {
  projectId: string;
  environment: Environment;
  /** HMAC-SHA256 (hex) of the project, environment and user id, keyed with ERASURE_LEDGER_KEY. */
  subject: string;
  erasedAt: string;
}

export interface LedgerPerson {
  projectId: string;
  environment: Environment;
  userId: string;
}

/** The keyed hash that stands for a person in the ledger (NUL-separated: no id can contain it). */
export function ledgerSubject(key: string, { projectId, environment, userId }: LedgerPerson): string {
  return createHmac('sha256', key).update(`${projectId}\0${environment}\0${userId}`, 'utf8').digest('hex');
}

/** 2026-11-23T23:50:01.123Z -> 20261123T235001123Z: sortable, and only characters a storage key allows. */
const compactTime = (at: Date) => at.toISOString().replace(/[-:.]/g, '');

/**
 * An entry's store key: the time first, so that keys sort by when they were written and
 * a listing can start after a given time; the subject after it keeps keys unique.
 */
export const ledgerEntryKey = (entry: Pick<LedgerEntry, 'subject' | 'erasedAt'>) => ledgerKey(`${compactTime(new Date(entry.erasedAt))}-${entry.subject}`);

/** The key just before every entry written at `at` or later, to list from. */
export const ledgerKeyBefore = (at: Date) => `${LEDGER_PREFIX}${compactTime(at)}`;

/** An entry read back from the store, or null for anything that is not one. */
export function parseLedgerEntry(bytes: Buffer): LedgerEntry | null {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const { projectId, environment, subject, erasedAt } = (value ?? {}) as Record<string, unknown>;
  const valid =
    typeof projectId === 'string' &&
    ENVIRONMENTS.includes(environment as Environment) &&
    typeof subject === 'string' &&
    /^[0-9a-f]{64}$/.test(subject) &&
    typeof erasedAt === 'string' &&
    !Number.isNaN(Date.parse(erasedAt));
  return valid ? { projectId, environment: environment as Environment, subject, erasedAt } : null;
}
