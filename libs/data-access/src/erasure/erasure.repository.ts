import { Injectable } from '@nestjs/common';
import { assertBeforeDeadline, type PersonScope, type RequestContext, type TenantScope, waitAllowedMs, type WebhookEventData } from '@embed/contracts';
import { newId } from '../ids';
import { outboxRequestContext } from '../outbox/outbox-events';
import { personLock } from '../people/people.repository';
import { PrismaService } from '../prisma.service';
import { releasePersonUsage } from '../quotas/quotas.repository';

/**
 * A person being erased, by our own id only: erasure jobs carry this and never the
 * integrator's id, so the queue holds nothing that names the person.
 */
export interface ErasureTarget extends TenantScope {
  personId: string;
}

/**
 * Every table with rows of one person (a `personId` column), in the order an erasure
 * empties them. A design's restore points go with it (ON DELETE CASCADE), a delivery's
 * attempts with the delivery. Events go before deliveries, so that a delivery the
 * dispatcher makes from an event in the meantime is still caught. Tokens go last: until
 * then an editor holding one is told 409 user_erased rather than 401 token_invalid.
 */
export const PERSON_TABLES = ['Design', 'Image', 'ExportRecord', 'SavedRow', 'OutboxEvent', 'WebhookDelivery', 'EditorToken'] as const;
export type PersonTable = (typeof PERSON_TABLES)[number];

/** A ledger entry as this database records it (libs/erasure-ledger): its key in the object store and its time. */
export interface LedgerRecord {
  key: string;
  erasedAt: Date;
}

/** A person as the ledger matches them: by the integrator's id, which only the keyed hash of an entry names. */
export interface LedgerCandidate extends ErasureTarget {
  userId: string;
  state: 'active' | 'erasing';
}

/** Tables whose rows have no foreign key to the person, so deleting the person does not take them along. */
const UNLINKED_TABLES: readonly PersonTable[] = ['OutboxEvent', 'WebhookDelivery'];

// Scoped by tenant as well as person: Design's only index on personId starts with the tenant.
const OF_PERSON = `"projectId" = $1 AND environment = $2::text::"Environment" AND "personId" = $3`;

const targetParams = (target: ErasureTarget) => [target.projectId, target.environment, target.personId];

@Injectable()
export class ErasureRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Marks a known person `erasing`, or returns null for a person never seen. It takes the
   * person's lock exclusively (see personLock): it waits for their writes in flight, and
   * writes that come later wait for it and then see `erasing`. Marking again keeps the
   * first request's time: asking twice is the same request. A marking that cannot have
   * the lock before the deadline of the request (`context`), or is past it before it
   * commits, throws and changes nothing.
   */
  async markErasing(scope: PersonScope, context: RequestContext): Promise<ErasureTarget | null> {
    return this.prisma.transaction(async (tx) => {
      const [person] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "Person" WHERE "projectId" = ${scope.projectId} AND environment = ${scope.environment}::"Environment" AND "externalId" = ${scope.userId}`;
      if (!person) return null;
      // Waits for the person's lock until the deadline, so a marking that gives up is answered 503 while nothing changed.
      await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${waitAllowedMs(context.deadline)}ms'`);
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${personLock(person.id)})`;
      // The journal key goes at once: the person's copies in browsers are unreadable from now on (docs/erasure.md).
      await tx.$executeRaw`UPDATE "Person" SET state = 'erasing', "erasureRequestedAt" = COALESCE("erasureRequestedAt", now()), "journalKey" = NULL WHERE id = ${person.id}`;
      assertBeforeDeadline(context.deadline, 'the person was marked erasing');
      return { projectId: scope.projectId, environment: scope.environment, personId: person.id };
    }, context.deadline);
  }

  /** Everyone whose erasure started and has not finished, e.g. when a crash lost their job. */
  async unfinished(): Promise<ErasureTarget[]> {
    return this.prisma.sql<ErasureTarget>(`SELECT id AS "personId", "projectId", environment FROM "Person" WHERE state = 'erasing'`);
  }

  /** Deletes up to `limit` of the person's rows of `table`, each batch its own short transaction; returns how many. */
  async deleteBatch(table: PersonTable, target: ErasureTarget, limit: number): Promise<number> {
    const [{ deleted }] = await this.prisma.sql<{ deleted: number }>(
      `WITH batch AS (DELETE FROM "${table}" WHERE id IN (SELECT id FROM "${table}" WHERE ${OF_PERSON} LIMIT $4) RETURNING 1)
       SELECT count(*)::int AS deleted FROM batch`,
      [...targetParams(target), limit],
    );
    return deleted;
  }

  /** The integrator's id of a person still being erased (for their ledger entry), or null once they are gone. */
  async erasingUserId(target: ErasureTarget): Promise<string | null> {
    const [person] = await this.prisma.sql<{ externalId: string }>(
      `SELECT "externalId" FROM "Person" WHERE id = $3 AND "projectId" = $1 AND environment = $2::text::"Environment" AND state = 'erasing'`,
      targetParams(target),
    );
    return person?.externalId ?? null;
  }

  /**
   * The last step, all or nothing: whatever a write in flight added meanwhile, the answers
   * kept for the person's Idempotency-Keys, the Person row itself (its tokens, designs,
   * images and exports go with it by cascade), the one `user.erased` event, and the record
   * of the erasure's ledger entry. Returns false when the person is already gone: a job
   * run again after a crash that followed this commit writes no second event. The event
   * keeps the id and trace of the request that asked for the erasure (`context`, the job's).
   */
  async finish(target: ErasureTarget, ledger: LedgerRecord, context: RequestContext | undefined): Promise<boolean> {
    return this.prisma.transaction(async (tx) => {
      const [person] = await tx.$queryRawUnsafe<{ externalId: string }[]>(
        `SELECT "externalId" FROM "Person" WHERE id = $3 AND "projectId" = $1 AND environment = $2::text::"Environment" AND state = 'erasing' FOR UPDATE`,
        ...targetParams(target),
      );
      if (!person) return false;
      for (const table of UNLINKED_TABLES) await tx.$executeRawUnsafe(`DELETE FROM "${table}" WHERE ${OF_PERSON}`, ...targetParams(target));
      // Kept answers to Idempotency-Keys name the person by the integrator's id only.
      await tx.$executeRawUnsafe(
        `DELETE FROM "IdempotencyRecord" WHERE "projectId" = $1 AND environment = $2::text::"Environment" AND "userId" = $3`,
        target.projectId,
        target.environment,
        person.externalId,
      );
      // What they held no longer counts against their project's quotas.
      await releasePersonUsage(tx, target);
      await tx.person.delete({ where: { id: target.personId } });
      // No personId: the event outlives the person and must not be taken for their data.
      const data: WebhookEventData['user.erased'] = { userId: person.externalId };
      await tx.outboxEvent.create({
        data: { id: newId('evt'), projectId: target.projectId, environment: target.environment, type: 'user.erased', data, ...outboxRequestContext(context) },
      });
      await tx.erasureLedgerEntry.upsert({ where: { key: ledger.key }, create: ledger, update: {} });
      return true;
    }, context?.deadline);
  }

  /** When the newest ledger entry this database records was written; null before the first. */
  async newestLedgerEntryAt(): Promise<Date | null> {
    const newest = await this.prisma.erasureLedgerEntry.findFirst({ orderBy: { erasedAt: 'desc' }, select: { erasedAt: true } });
    return newest?.erasedAt ?? null;
  }

  /** Which of `keys` this database records. */
  async recordedLedgerKeys(keys: readonly string[]): Promise<Set<string>> {
    const rows = await this.prisma.erasureLedgerEntry.findMany({ where: { key: { in: [...keys] } }, select: { key: true } });
    return new Set(rows.map(({ key }) => key));
  }

  async recordLedgerEntries(entries: readonly LedgerRecord[]): Promise<void> {
    await this.prisma.erasureLedgerEntry.createMany({ data: [...entries], skipDuplicates: true });
  }

  /** Everyone of a project's environment, as the ledger matches them. */
  async ledgerCandidates(scope: TenantScope): Promise<LedgerCandidate[]> {
    return this.prisma.sql<LedgerCandidate>(
      `SELECT id AS "personId", "projectId", environment, "externalId" AS "userId", state FROM "Person" WHERE "projectId" = $1 AND environment = $2::text::"Environment"`,
      [scope.projectId, scope.environment],
    );
  }
}
