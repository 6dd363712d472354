import { Inject, Injectable, Logger } from '@nestjs/common';
import { buffer } from 'node:stream/consumers';
import { budgetOf, ERASURE_SUBJECTS } from '@embed/contracts';
import { type ErasureTarget, ErasureRepository, type LedgerRecord } from '@embed/data-access';
import { type LedgerEntry, ledgerEntryKey, ledgerKeyBefore, ledgerSubject, parseLedgerEntry, peopleToEraseAgain } from '@embed/erasure-ledger';
import { LEDGER_PREFIX, ObjectStorage } from '@embed/storage';
import { ErasureQueue } from '../queue/erasure-queue';

/** ERASURE_LEDGER_KEY: keys the hash that names a person in the ledger. */
export const ERASURE_LEDGER_KEY = Symbol('ERASURE_LEDGER_KEY');

/**
 * How far before the newest entry the database records a check starts reading the store.
 * An entry is stored just before its erasure's last transaction, which commits within
 * seconds (or the job runs again and stores another), so entries the database is missing
 * are never older than this behind the newest it has, unless a restore removed them, and
 * then the newest it has is older too.
 */
const LISTING_OVERLAP_MS = 10 * 60_000;

/**
 * The erasure ledger (libs/erasure-ledger, docs/erasure.md): every finished erasure leaves
 * an entry in the object store, which restoring a database backup does not roll back, and
 * the database records the entries it has seen. An entry the database does not record is
 * an erasure the restored backup undid: `reapply` erases again the people it names.
 */
@Injectable()
export class ErasureLedger {
  private readonly logger = new Logger(ErasureLedger.name);

  constructor(
    private readonly erasure: ErasureRepository,
    private readonly store: ObjectStorage,
    private readonly queue: ErasureQueue,
    @Inject(ERASURE_LEDGER_KEY) private readonly key: string,
  ) {}

  /** Stores the entry of a person's erasure, before their last transaction deletes what could name them. */
  async write(target: ErasureTarget, userId: string): Promise<LedgerRecord> {
    const entry: LedgerEntry = {
      projectId: target.projectId,
      environment: target.environment,
      subject: ledgerSubject(this.key, { ...target, userId }),
      erasedAt: new Date().toISOString(),
    };
    const key = ledgerEntryKey(entry);
    await this.store.put(key, Buffer.from(JSON.stringify(entry)), 'application/json');
    return { key, erasedAt: new Date(entry.erasedAt) };
  }

  /**
   * Erases again everyone that an entry the database does not record names, and records
   * each entry once nobody it names is left. A person it finds still `erasing` is left to
   * that erasure (the sweep queues it); one it finds `active` was restored and is marked.
   */
  async reapply(): Promise<void> {
    const unrecorded = await this.unrecordedEntries();
    if (unrecorded.size === 0) return;
    const settled: LedgerRecord[] = [];
    for (const [scope, entries] of groupByTenant(unrecorded)) {
      const named = peopleToEraseAgain(this.key, [...entries.values()], await this.erasure.ledgerCandidates(scope));
      for (const person of named.filter(({ state }) => state === 'active')) {
        // As long as an erase request may wait for the person's lock.
        const target = await this.erasure.markErasing(person, { requestId: '', deadline: Date.now() + budgetOf(ERASURE_SUBJECTS.erase) });
        if (target) await this.queue.enqueue(target);
        this.logger.warn({ personId: person.personId }, 'a restored person erased before is being erased again');
      }
      const stillThere = new Set(named.map((person) => ledgerSubject(this.key, person)));
      for (const [key, entry] of entries) if (!stillThere.has(entry.subject)) settled.push({ key, erasedAt: new Date(entry.erasedAt) });
    }
    await this.erasure.recordLedgerEntries(settled);
  }

  /** The entries in the store the database does not record, by key. */
  private async unrecordedEntries(): Promise<Map<string, LedgerEntry>> {
    const newest = await this.erasure.newestLedgerEntryAt();
    const from = newest ? ledgerKeyBefore(new Date(newest.getTime() - LISTING_OVERLAP_MS)) : undefined;
    const listed: string[] = [];
    for await (const key of this.store.list(LEDGER_PREFIX, from)) listed.push(key);
    const recorded = await this.erasure.recordedLedgerKeys(listed);
    const entries = new Map<string, LedgerEntry>();
    for (const key of listed.filter((listedKey) => !recorded.has(listedKey))) {
      const object = await this.store.get(key);
      const entry = object && parseLedgerEntry(await buffer(object.body));
      if (entry) entries.set(key, entry);
      else this.logger.error({ key }, 'an erasure ledger entry cannot be read');
    }
    return entries;
  }
}

/** Entries by project and environment, the scope in which people are matched. */
function groupByTenant(entries: Map<string, LedgerEntry>) {
  const groups = new Map<string, { scope: Pick<LedgerEntry, 'projectId' | 'environment'>; entries: Map<string, LedgerEntry> }>();
  for (const [key, entry] of entries) {
    const id = `${entry.projectId}\0${entry.environment}`;
    const group = groups.get(id) ?? { scope: { projectId: entry.projectId, environment: entry.environment }, entries: new Map() };
    group.entries.set(key, entry);
    groups.set(id, group);
  }
  return [...groups.values()].map(({ scope, entries: grouped }) => [scope, grouped] as const);
}
