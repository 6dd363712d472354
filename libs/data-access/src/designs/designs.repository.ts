import { Injectable } from '@nestjs/common';
import { Prisma } from '@prisma/client';
import { assertBeforeDeadline, type DesignDocument, type DesignMode, MAX_REVISION, type RequestContext } from '@embed/contracts';
import type { KeysetPosition } from '@embed/paging';
import { restorePointsToDrop } from '@embed/restore-points';
import { designLanguages, type DesignDocument as Design } from '@embed/design-document/model';
import { newDesignId, newId } from '../ids';
import { addOutboxEvent } from '../outbox/outbox-events';
import { type KnownPerson, lockActivePerson } from '../people/people.repository';
import { PrismaService } from '../prisma.service';
import { chargeQuotas, releaseQuotas } from '../quotas/quotas.repository';
import { prepared } from '../statement';

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

/** A design with its document as stored JSON text (see UnparsedDesign in the contracts). */
export interface StoredDesignRecord extends DesignSummaryRecord {
  docJson: string;
}

export interface RestorePointSummaryRecord {
  revision: number;
  name: string;
  createdAt: Date;
  autosave: boolean;
  /** The name a person gave it, or null. */
  label: string | null;
}

/** A restore point with its document as stored JSON text. */
export interface StoredRestorePointRecord extends RestorePointSummaryRecord {
  docJson: string;
}

export interface RestorePointPage {
  points: RestorePointSummaryRecord[];
  /** Whether points follow the last one of this page. */
  hasMore: boolean;
}

export interface DesignPage {
  designs: DesignSummaryRecord[];
  /** Whether designs follow the last one of this page. */
  hasMore: boolean;
}

/** What a design counts against the quotas, when it is created and given back when it is deleted. */
const ONE_DESIGN = { images: 0, imageBytes: 0, designs: 1 };

/** A design starts at revision 0; each save adds exactly one. */
export const FIRST_REVISION = 0;

const summaryFields = { id: true, name: true, mode: true, revision: true, createdAt: true, updatedAt: true } as const;

// The same summary in SQL, for the reads on every request's path (see PrismaService.sql).
const SUMMARY_COLUMNS = `id, name, mode::text AS mode, revision, "createdAt" AT TIME ZONE 'UTC' AS "createdAt", "updatedAt" AT TIME ZONE 'UTC' AS "updatedAt"`;
const OWNED = `"projectId" = $1 AND environment = $2::text::"Environment" AND "personId" = $3`;
const NEWEST_FIRST = 'ORDER BY "createdAt" DESC, id DESC';
// A restore point's columns, never its document unless asked for. `d` is the design, which a LEFT JOIN
// keeps when it has no point to give, so that "no such design" and "no such point" are told apart.
const POINT_COLUMNS = `p.revision, p.name, p."createdAt" AT TIME ZONE 'UTC' AS "createdAt", p.autosave, p.label`;
const FROM_DESIGN = `FROM "Design" d`;
const THE_OWNED_DESIGN = `WHERE ${OWNED} AND d.id = $4`;
/** Above every revision: the first page starts below it. */
const ABOVE_EVERY_REVISION = MAX_REVISION + 1;

/** Every query is scoped by tenant and owner: another person's design is simply not found. */
const ownedBy = (person: KnownPerson) => ({ projectId: person.projectId, environment: person.environment, personId: person.personId });

/** A row of a LEFT JOIN that found nothing to join. */
type Absent<T> = { [K in keyof T]: null };

/** `design.saved` for a design created or saved, in the same transaction (spec section 6). */
const addSavedEvent = (tx: Prisma.TransactionClient, person: KnownPerson, row: { id: string; revision: number; doc: Prisma.JsonValue }, context: RequestContext) =>
  addOutboxEvent(
    tx,
    person,
    'design.saved',
    row.id,
    { designId: row.id, userId: person.userId, revision: row.revision, languages: designLanguages(row.doc as unknown as Design) },
    context,
  );

const asRecord = <T extends { doc: Prisma.JsonValue }>(row: T) => ({ ...row, doc: row.doc as DesignDocument });

@Injectable()
export class DesignsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first by creation time, ties by id (keyset order, so saves never move a design between pages). */
  async listPage(person: KnownPerson, limit: number, after?: KeysetPosition): Promise<DesignPage> {
    const scope = [person.projectId, person.environment, person.personId, limit + 1];
    const rows = after
      ? await this.prisma.sql<DesignSummaryRecord>(
          prepared('designs-page-after', `SELECT ${SUMMARY_COLUMNS} FROM "Design" WHERE ${OWNED} AND ("createdAt", id) < ($5::timestamptz AT TIME ZONE 'UTC', $6) ${NEWEST_FIRST} LIMIT $4`),
          [...scope, after.createdAt, after.id],
        )
      : await this.prisma.sql<DesignSummaryRecord>(prepared('designs-first-page', `SELECT ${SUMMARY_COLUMNS} FROM "Design" WHERE ${OWNED} ${NEWEST_FIRST} LIMIT $4`), scope);
    return { designs: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  async find(person: KnownPerson, designId: string): Promise<DesignRecord | null> {
    const [row] = await this.prisma.sql<DesignRecord>(
      prepared('design-find', `SELECT ${SUMMARY_COLUMNS}, doc FROM "Design" WHERE ${OWNED} AND id = $4`),
      [person.projectId, person.environment, person.personId, designId],
    );
    return row ?? null;
  }

  async findStored(person: KnownPerson, designId: string): Promise<StoredDesignRecord | null> {
    const [row] = await this.prisma.sql<StoredDesignRecord>(
      prepared('design-find-stored', `SELECT ${SUMMARY_COLUMNS}, doc::text AS "docJson" FROM "Design" WHERE ${OWNED} AND id = $4`),
      [person.projectId, person.environment, person.personId, designId],
    );
    return row ?? null;
  }

  // The writes below throw PersonErasedError when the person's erasure started after they were looked up,
  // and DeadlinePassedError (rolled back) when the deadline of the request (`context`) passed before they could commit;
  // their events keep the request's id and trace.

  /**
   * The design, its first restore point and its `design.saved` event, all or nothing;
   * throws QuotaExceededError (nothing kept) when the person or the project has all the
   * designs its quota allows.
   */
  async create(person: KnownPerson, design: { name: string; mode: DesignMode; doc: DesignDocument }, context: RequestContext): Promise<DesignRecord> {
    return this.prisma.transaction(async (tx) => {
      await lockActivePerson(tx, person);
      const row = await tx.design.create({
        data: { id: newDesignId(), ...ownedBy(person), ...design, revision: FIRST_REVISION, doc: design.doc as Prisma.InputJsonObject },
        select: { ...summaryFields, doc: true },
      });
      await this.keepRevision(tx, row, false);
      await addSavedEvent(tx, person, row, context);
      await chargeQuotas(tx, person, ONE_DESIGN);
      assertBeforeDeadline(context.deadline, 'the design was created');
      return asRecord(row);
    }, context.deadline);
  }

  /**
   * A new revision: the increment happens in the UPDATE, whose row lock queues
   * concurrent saves of the design, so none is lost and no number is used twice.
   * With `baseRevision`, the UPDATE's condition is checked again on the row as the
   * save before it left it, so of two saves from the same revision one wins and the
   * other is a conflict, with the design as stored. Null when the person has no such design.
   * `refuse` judges the document as stored under that row lock, so no save commits between
   * its judgement and this save: its reason (a string) answers `refused`, nothing saved.
   */
  async save(
    person: KnownPerson,
    designId: string,
    change: { name?: string; doc: DesignDocument; baseRevision?: number; autosave?: boolean; refuse?: (stored: DesignDocument) => string | null },
    context: RequestContext,
  ): Promise<{ saved: DesignRecord } | { conflict: DesignRecord } | { refused: string } | null> {
    return this.prisma.transaction(async (tx) => {
      await lockActivePerson(tx, person);
      const where = { ...ownedBy(person), id: designId };
      const current = await this.lockedForSave(tx, person, designId, change);
      const refused = current?.stored && change.refuse?.(current.stored);
      if (refused) return { refused };
      const unchanged = current?.unchanged === true;
      const [row] = await tx.design.updateManyAndReturn({
        where: { ...where, ...(change.baseRevision !== undefined && { revision: { lte: change.baseRevision } }) },
        data: { revision: { increment: 1 }, doc: change.doc as Prisma.InputJsonObject, ...(change.name !== undefined && { name: change.name }) },
        select: { ...summaryFields, doc: true },
      });
      if (!row) {
        const stored = change.baseRevision === undefined ? null : await tx.design.findFirst({ where, select: { ...summaryFields, doc: true } });
        return stored ? { conflict: asRecord(stored) } : null;
      }
      if (!unchanged) await this.keepRevision(tx, row, change.autosave ?? false);
      await addSavedEvent(tx, person, row, context);
      assertBeforeDeadline(context.deadline, 'the design was saved');
      return { saved: asRecord(row) };
    }, context.deadline);
  }

  /**
   * Whether a save would leave the design as it is (same document, as jsonb compares it,
   * and same name): its revision goes up, as every save's does, but it keeps no restore
   * point; and the stored document when the save will judge it (`refuse`). The row is
   * locked here (FOR UPDATE), so no other save changes it before this one's UPDATE.
   * Undefined when the person has no such design.
   */
  private async lockedForSave(
    tx: Prisma.TransactionClient,
    person: KnownPerson,
    designId: string,
    change: { name?: string; doc: DesignDocument; refuse?: unknown },
  ): Promise<{ unchanged: boolean; stored?: DesignDocument } | undefined> {
    const [row] = await tx.$queryRaw<{ unchanged: boolean; stored?: DesignDocument }[]>`
      SELECT (doc = ${JSON.stringify(change.doc)}::jsonb AND name = COALESCE(${change.name ?? null}::text, name)) AS unchanged${change.refuse ? Prisma.sql`, doc AS stored` : Prisma.empty}
      FROM "Design"
      WHERE id = ${designId} AND "projectId" = ${person.projectId} AND environment = ${person.environment}::text::"Environment" AND "personId" = ${person.personId}
      FOR UPDATE`;
    return row;
  }

  /**
   * Names a restore point (null takes its name away): a named point is kept through
   * thinning. Null when the person has no such design; `point` null when it keeps no such revision.
   */
  async labelRestorePoint(person: KnownPerson, designId: string, revision: number, label: string | null, context: RequestContext): Promise<{ point: RestorePointSummaryRecord | null } | null> {
    return this.prisma.transaction(async (tx) => {
      await lockActivePerson(tx, person);
      const design = await tx.design.findFirst({ where: { ...ownedBy(person), id: designId }, select: { id: true } });
      if (!design) return null;
      const [point] = await tx.restorePoint.updateManyAndReturn({
        where: { designId, revision },
        data: { label },
        select: { revision: true, name: true, createdAt: true, autosave: true, label: true },
      });
      return { point: point ?? null };
    }, context.deadline);
  }

  /** Deletes the design with its restore points and writes `design.deleted`; false when the person has no such design. */
  async delete(person: KnownPerson, designId: string, context: RequestContext): Promise<boolean> {
    return this.prisma.transaction(async (tx) => {
      await lockActivePerson(tx, person);
      const { count } = await tx.design.deleteMany({ where: { ...ownedBy(person), id: designId } });
      if (count === 0) return false;
      await addOutboxEvent(tx, person, 'design.deleted', designId, { designId, userId: person.userId }, context);
      // Last, as in create: the project's usage row is held only until the commit.
      await releaseQuotas(tx, person, ONE_DESIGN);
      assertBeforeDeadline(context.deadline, 'the design was deleted');
      return true;
    }, context.deadline);
  }

  /** A page of restore points, newest first (by revision), without their documents; null when the person has no such design. */
  async restorePointPage(person: KnownPerson, designId: string, limit: number, belowRevision = ABOVE_EVERY_REVISION): Promise<RestorePointPage | null> {
    const rows = await this.prisma.sql<RestorePointSummaryRecord | Absent<RestorePointSummaryRecord>>(
      prepared(
        'restore-points-page-labels',
        `SELECT ${POINT_COLUMNS} ${FROM_DESIGN} LEFT JOIN LATERAL (
           SELECT revision, name, "createdAt", autosave, label FROM "RestorePoint" WHERE "designId" = d.id AND revision < $5::bigint ORDER BY revision DESC LIMIT $6
         ) p ON true ${THE_OWNED_DESIGN}`,
      ),
      [person.projectId, person.environment, person.personId, designId, belowRevision, limit + 1],
    );
    if (rows.length === 0) return null;
    const points = rows.filter((row): row is RestorePointSummaryRecord => row.revision !== null);
    return { points: points.slice(0, limit), hasMore: points.length > limit };
  }

  /** One restore point with its document; `point` null when the design keeps no such revision, null when the person has no such design. */
  async findRestorePoint(person: KnownPerson, designId: string, revision: number): Promise<{ point: StoredRestorePointRecord | null } | null> {
    const [row] = await this.prisma.sql<StoredRestorePointRecord | Absent<StoredRestorePointRecord>>(
      prepared(
        'restore-point-find-labels',
        `SELECT ${POINT_COLUMNS}, p.doc::text AS "docJson" ${FROM_DESIGN} LEFT JOIN "RestorePoint" p ON p."designId" = d.id AND p.revision = $5 ${THE_OWNED_DESIGN}`,
      ),
      [person.projectId, person.environment, person.personId, designId, revision],
    );
    if (!row) return null;
    return { point: row.revision === null ? null : row };
  }

  /**
   * Keeps the saved revision as a restore point and thins the design's points to the
   * policy (@embed/restore-points) in the save's transaction, whose row lock on the
   * design queues the other saves of it; only the points' stamps are read, never their
   * documents. A named point is kept through thinning.
   */
  private async keepRevision(tx: Prisma.TransactionClient, row: DesignSummaryRecord & { doc: Prisma.JsonValue }, autosave: boolean) {
    const kept = await tx.restorePoint.create({
      data: { id: newId('rp'), designId: row.id, revision: row.revision, name: row.name, doc: row.doc as Prisma.InputJsonObject, autosave },
      select: { createdAt: true },
    });
    const stamps = await tx.restorePoint.findMany({ where: { designId: row.id }, select: { revision: true, createdAt: true, autosave: true, label: true } });
    const dropped = restorePointsToDrop(
      stamps.map(({ label, ...stamp }) => ({ ...stamp, named: label !== null })),
      kept.createdAt,
    );
    if (dropped.length > 0) await tx.restorePoint.deleteMany({ where: { designId: row.id, revision: { in: dropped } } });
  }
}
