import { Injectable } from '@nestjs/common';
import type { PersonScope, TenantScope } from '@embed/contracts';
import { newId } from '../ids';
import { outboxRequestContext } from '../outbox/outbox-events';
import { PrismaService } from '../prisma.service';

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
export const PERSON_TABLES = ['Design', 'Image', 'ExportRecord', 'OutboxEvent', 'WebhookDelivery', 'EditorToken'] as const;
export type PersonTable = (typeof PERSON_TABLES)[number];

/** Tables whose rows have no foreign key to the person, so deleting the person does not take them along. */
const UNLINKED_TABLES: readonly PersonTable[] = ['OutboxEvent', 'WebhookDelivery'];

// Scoped by tenant as well as person: Design's only index on personId starts with the tenant.
const OF_PERSON = `"projectId" = $1 AND environment = $2::"Environment" AND "personId" = $3`;

const targetParams = (target: ErasureTarget) => [target.projectId, target.environment, target.personId];

@Injectable()
export class ErasureRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Marks a known person `erasing`, or returns null for a person never seen. One UPDATE:
   * its row lock waits for design writes holding the person FOR SHARE (see
   * lockActivePerson) and makes later ones see `erasing`. Marking again keeps the
   * first request's time: asking twice is the same request.
   */
  async markErasing(scope: PersonScope): Promise<ErasureTarget | null> {
    const [row] = await this.prisma.sql<{ personId: string }>(
      `UPDATE "Person" SET state = 'erasing', "erasureRequestedAt" = COALESCE("erasureRequestedAt", now())
       WHERE "projectId" = $1 AND environment = $2::"Environment" AND "externalId" = $3
       RETURNING id AS "personId"`,
      [scope.projectId, scope.environment, scope.userId],
    );
    return row ? { projectId: scope.projectId, environment: scope.environment, personId: row.personId } : null;
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

  /**
   * The last step, all or nothing: whatever a write in flight added meanwhile, the Person
   * row itself (its tokens, designs, images and exports go with it by cascade), and the
   * one `user.erased` event. Returns false when the person is already gone: a job run
   * again after a crash that followed this commit writes no second event.
   */
  async finish(target: ErasureTarget): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const [person] = await tx.$queryRawUnsafe<{ externalId: string }[]>(
        `SELECT "externalId" FROM "Person" WHERE id = $3 AND "projectId" = $1 AND environment = $2::"Environment" AND state = 'erasing' FOR UPDATE`,
        ...targetParams(target),
      );
      if (!person) return false;
      for (const table of UNLINKED_TABLES) await tx.$executeRawUnsafe(`DELETE FROM "${table}" WHERE ${OF_PERSON}`, ...targetParams(target));
      await tx.person.delete({ where: { id: target.personId } });
      // No personId: the event outlives the person and must not be taken for their data.
      await tx.outboxEvent.create({
        data: { id: newId('evt'), projectId: target.projectId, environment: target.environment, type: 'user.erased', data: { userId: person.externalId }, ...outboxRequestContext() },
      });
      return true;
    });
  }
}
