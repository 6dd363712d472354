import { Injectable } from '@nestjs/common';
import type { Prisma } from '@prisma/client';
import type { DesignDocument, DesignMode } from '@embed/contracts';
import type { KeysetPosition } from '@embed/paging';
import { newDesignId, newId } from '../ids';
import { addOutboxEvent } from '../outbox/outbox-events';
import { type KnownPerson, lockActivePerson } from '../people/people.repository';
import { PrismaService } from '../prisma.service';

export interface DesignSummaryRecord {
  id: string;
  name: string;
  mode: DesignMode;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface DesignRecord extends DesignSummaryRecord {
  doc: DesignDocument;
}

/** A design with its document as stored JSON text (see StoredDesign in the contracts). */
export interface StoredDesignRecord extends DesignSummaryRecord {
  docJson: string;
}

export interface RestorePointRecord {
  revision: number;
  name: string;
  createdAt: Date;
  doc: DesignDocument;
}

export interface DesignPage {
  designs: DesignSummaryRecord[];
  /** Whether designs follow the last one of this page. */
  hasMore: boolean;
}

/** A design starts at revision 0; each save adds exactly one. */
export const FIRST_REVISION = 0;

const summaryFields = { id: true, name: true, mode: true, revision: true, createdAt: true, updatedAt: true } as const;

// The same summary in SQL, for the reads on every request's path (see PrismaService.sql).
const SUMMARY_COLUMNS = `id, name, mode, revision, "createdAt" AT TIME ZONE 'UTC' AS "createdAt", "updatedAt" AT TIME ZONE 'UTC' AS "updatedAt"`;
const OWNED = `"projectId" = $1 AND environment = $2::"Environment" AND "personId" = $3`;
const NEWEST_FIRST = 'ORDER BY "createdAt" DESC, id DESC';

/** Every query is scoped by tenant and owner: another person's design is simply not found. */
const ownedBy = (person: KnownPerson) => ({ projectId: person.projectId, environment: person.environment, personId: person.personId });

const asRecord = <T extends { doc: Prisma.JsonValue }>(row: T) => ({ ...row, doc: row.doc as DesignDocument });

@Injectable()
export class DesignsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first by creation time, ties by id (keyset order, so saves never move a design between pages). */
  async listPage(person: KnownPerson, limit: number, after?: KeysetPosition): Promise<DesignPage> {
    const scope = [person.projectId, person.environment, person.personId, limit + 1];
    const rows = after
      ? await this.prisma.sql<DesignSummaryRecord>(
          `SELECT ${SUMMARY_COLUMNS} FROM "Design" WHERE ${OWNED} AND ("createdAt", id) < ($5::timestamptz AT TIME ZONE 'UTC', $6) ${NEWEST_FIRST} LIMIT $4`,
          [...scope, after.createdAt, after.id],
        )
      : await this.prisma.sql<DesignSummaryRecord>(`SELECT ${SUMMARY_COLUMNS} FROM "Design" WHERE ${OWNED} ${NEWEST_FIRST} LIMIT $4`, scope);
    return { designs: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  async find(person: KnownPerson, designId: string): Promise<DesignRecord | null> {
    const [row] = await this.prisma.sql<DesignRecord>(
      `SELECT ${SUMMARY_COLUMNS}, doc FROM "Design" WHERE ${OWNED} AND id = $4`,
      [person.projectId, person.environment, person.personId, designId],
    );
    return row ?? null;
  }

  async findStored(person: KnownPerson, designId: string): Promise<StoredDesignRecord | null> {
    const [row] = await this.prisma.sql<StoredDesignRecord>(
      `SELECT ${SUMMARY_COLUMNS}, doc::text AS "docJson" FROM "Design" WHERE ${OWNED} AND id = $4`,
      [person.projectId, person.environment, person.personId, designId],
    );
    return row ?? null;
  }

  // The writes below throw PersonErasedError when the person's erasure started after they were looked up.

  /** The design, its first restore point and its `design.saved` event, all or nothing. */
  async create(person: KnownPerson, design: { name: string; mode: DesignMode; doc: DesignDocument }): Promise<DesignRecord> {
    return this.prisma.$transaction(async (tx) => {
      await lockActivePerson(tx, person);
      const row = await tx.design.create({
        data: { id: newDesignId(), ...ownedBy(person), ...design, revision: FIRST_REVISION, doc: design.doc as Prisma.InputJsonObject },
        select: { ...summaryFields, doc: true },
      });
      await this.keepRevision(tx, person, row);
      return asRecord(row);
    });
  }

  /**
   * A new revision: the increment happens in the UPDATE, whose row lock queues
   * concurrent saves of the design, so none is lost and no number is used twice.
   * Null when the person has no such design.
   */
  async save(person: KnownPerson, designId: string, change: { name?: string; doc: DesignDocument }): Promise<DesignRecord | null> {
    return this.prisma.$transaction(async (tx) => {
      await lockActivePerson(tx, person);
      const [row] = await tx.design.updateManyAndReturn({
        where: { ...ownedBy(person), id: designId },
        data: { revision: { increment: 1 }, doc: change.doc as Prisma.InputJsonObject, ...(change.name !== undefined && { name: change.name }) },
        select: { ...summaryFields, doc: true },
      });
      if (!row) return null;
      await this.keepRevision(tx, person, row);
      return asRecord(row);
    });
  }

  /** Deletes the design with its restore points and writes `design.deleted`; false when the person has no such design. */
  async delete(person: KnownPerson, designId: string): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      await lockActivePerson(tx, person);
      const { count } = await tx.design.deleteMany({ where: { ...ownedBy(person), id: designId } });
      if (count === 0) return false;
      await addOutboxEvent(tx, person, 'design.deleted', designId, { designId, userId: person.userId });
      return true;
    });
  }

  /** Restore points newest first; null when the person has no such design. */
  async restorePoints(person: KnownPerson, designId: string): Promise<RestorePointRecord[] | null> {
    const design = await this.prisma.design.findFirst({
      where: { ...ownedBy(person), id: designId },
      select: { restorePoints: { orderBy: { revision: 'desc' }, select: { revision: true, name: true, createdAt: true, doc: true } } },
    });
    return design && design.restorePoints.map(asRecord);
  }

  private async keepRevision(tx: Prisma.TransactionClient, person: KnownPerson, row: DesignSummaryRecord & { doc: Prisma.JsonValue }) {
    await tx.restorePoint.create({
      data: { id: newId('rp'), designId: row.id, revision: row.revision, name: row.name, doc: row.doc as Prisma.InputJsonObject },
    });
    await addOutboxEvent(tx, person, 'design.saved', row.id, { designId: row.id, userId: person.userId, revision: row.revision });
  }
}
