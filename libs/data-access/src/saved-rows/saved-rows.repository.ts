import { Injectable } from '@nestjs/common';
import type { Prisma } from '@prisma/client';
import { assertBeforeDeadline, type RequestContext, type TenantScope } from '@embed/contracts';
import type { Row } from '@embed/design-document/model';
import type { KeysetPosition } from '@embed/paging';
import { newId } from '../ids';
import { PrismaService } from '../prisma.service';

export interface SavedRowRecord {
  id: string;
  /** null: a project row (the integrator's); else the id of the person whose own row it is. */
  personId: string | null;
  name: string;
  row: Row;
  locked: boolean;
  synced: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface SavedRowPage {
  rows: SavedRowRecord[];
  hasMore: boolean;
}

/** What a create or replace writes; a person's own row is never locked or synced. */
export interface SavedRowContent {
  name: string;
  row: Row;
  locked: boolean;
  synced: boolean;
}

/** A create refused because the owner (the project's environment, or one person) keeps `limit` rows already. */
export class SavedRowLimitError extends Error {
  constructor(readonly limit: number) {
    super(`${limit} saved rows are kept already`);
    this.name = 'SavedRowLimitError';
  }
}

export const newSavedRowId = () => newId('row');

const fields = { id: true, personId: true, name: true, row: true, locked: true, synced: true, createdAt: true, updatedAt: true } as const;
const inScope = ({ projectId, environment }: TenantScope) => ({ projectId, environment });
const asRecord = <T extends { row: Prisma.JsonValue }>(record: T) => ({ ...record, row: record.row as Row });
/** The rows one reader sees: the project's, and with a person those of their own. */
const seenBy = (personId: string | null) => (personId === null ? { personId: null } : { OR: [{ personId: null }, { personId }] });

/**
 * Saved rows of one project and environment. Every query is scoped by the tenant, and a
 * person's own rows by their id: another project's, environment's or person's row is
 * simply not found.
 */
@Injectable()
export class SavedRowsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first by creation time, ties by id; a person's page holds the project's rows and their own. */
  async listPage(scope: TenantScope, personId: string | null, limit: number, after?: KeysetPosition): Promise<SavedRowPage> {
    const below = after && { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] };
    const rows = await this.prisma.savedRow.findMany({
      where: { AND: [inScope(scope), seenBy(personId), ...(below ? [below] : [])] },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
      select: fields,
    });
    return { rows: rows.slice(0, limit).map(asRecord), hasMore: rows.length > limit };
  }

  /** A row `personId` sees (null: the project's rows only). */
  async find(scope: TenantScope, rowId: string, personId: string | null): Promise<SavedRowRecord | null> {
    const row = await this.prisma.savedRow.findFirst({ where: { AND: [inScope(scope), { id: rowId }, seenBy(personId)] }, select: fields });
    return row && asRecord(row);
  }

  /** The current rows of the synced project rows among `rowIds`, by id. */
  async syncedRows(scope: TenantScope, rowIds: string[]): Promise<Map<string, Row>> {
    if (!rowIds.length) return new Map();
    const rows = await this.prisma.savedRow.findMany({ where: { ...inScope(scope), personId: null, synced: true, id: { in: rowIds } }, select: { id: true, row: true } });
    return new Map(rows.map(({ id, row }) => [id, row as Row]));
  }

  /**
   * Records a row for its owner (`personId` null: the project); throws SavedRowLimitError
   * (nothing kept) when the owner keeps `limit` rows. Creates of one owner take turns (a
   * transaction lock on it), so two at once cannot both take the last place.
   */
  async create(scope: TenantScope, personId: string | null, content: SavedRowContent, limit: number, context: RequestContext): Promise<SavedRowRecord> {
    return this.prisma.transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`saved-rows/${scope.projectId}/${scope.environment}/${personId ?? ''}`}, 0))`;
      if ((await tx.savedRow.count({ where: { ...inScope(scope), personId } })) >= limit) throw new SavedRowLimitError(limit);
      const row = await tx.savedRow.create({
        data: { id: newSavedRowId(), ...inScope(scope), personId, ...content, row: content.row as Prisma.InputJsonObject },
        select: fields,
      });
      assertBeforeDeadline(context.deadline, 'the row was saved');
      return asRecord(row);
    }, context.deadline);
  }

  /** Changes a row of `personId`'s own (null: a project row); null when they have no such row. */
  async update(scope: TenantScope, rowId: string, personId: string | null, change: Partial<SavedRowContent>): Promise<SavedRowRecord | null> {
    const { count } = await this.prisma.savedRow.updateMany({
      where: { ...inScope(scope), id: rowId, personId },
      data: { ...change, ...(change.row && { row: change.row as Prisma.InputJsonObject }) },
    });
    return count ? this.find(scope, rowId, personId) : null;
  }

  /** Deletes a row of `personId`'s own (null: a project row); false when they have no such row. Designs keep their copies. */
  async delete(scope: TenantScope, rowId: string, personId: string | null): Promise<boolean> {
    const { count } = await this.prisma.savedRow.deleteMany({ where: { ...inScope(scope), id: rowId, personId } });
    return count > 0;
  }
}
