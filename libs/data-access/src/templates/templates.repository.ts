import { Injectable } from '@nestjs/common';
import type { Prisma } from '@prisma/client';
import { assertBeforeDeadline, type DesignDocument, type DesignMode, type RequestContext, type TenantScope } from '@embed/contracts';
import type { KeysetPosition } from '@embed/paging';
import { newId } from '../ids';
import { PrismaService } from '../prisma.service';

export interface TemplateSummaryRecord {
  id: string;
  name: string;
  mode: DesignMode;
  thumbnailKey: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface TemplateRecord extends TemplateSummaryRecord {
  doc: DesignDocument;
}

export interface TemplatePage {
  templates: TemplateSummaryRecord[];
  /** Whether templates follow the last one of this page. */
  hasMore: boolean;
}

/** What a create or a replace writes: the thumbnail is already stored under `thumbnailKey`. */
export interface TemplateContent {
  name: string;
  doc: DesignDocument;
  thumbnailKey: string;
}

/** A create refused because the project's environment keeps `limit` templates already. */
export class TemplateLimitError extends Error {
  constructor(readonly limit: number) {
    super(`the project keeps ${limit} templates in this environment`);
    this.name = 'TemplateLimitError';
  }
}

/** Ids chosen before the thumbnail is made, since its storage key carries them. */
export const newTemplateId = () => newId('tpl');
export const newThumbnailId = () => newId('tn');

const summaryFields = { id: true, name: true, mode: true, thumbnailKey: true, createdAt: true, updatedAt: true } as const;
const inScope = ({ projectId, environment }: TenantScope) => ({ projectId, environment });
const asRecord = <T extends { doc: Prisma.JsonValue }>(row: T) => ({ ...row, doc: row.doc as DesignDocument });

/**
 * A project's templates in one environment. Every query is scoped by the tenant: another
 * project's or environment's template is simply not found. The thumbnails are files in
 * object storage, which the caller writes before and removes after (the keys returned).
 */
@Injectable()
export class TemplatesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first by creation time, ties by id (keyset order: replacing one never moves it between pages). */
  async listPage(scope: TenantScope, limit: number, after?: KeysetPosition): Promise<TemplatePage> {
    const below = after && { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] };
    const rows = await this.prisma.template.findMany({
      where: { ...inScope(scope), ...below },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
      select: summaryFields,
    });
    return { templates: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  async find(scope: TenantScope, templateId: string): Promise<TemplateRecord | null> {
    const row = await this.prisma.template.findFirst({ where: { ...inScope(scope), id: templateId }, select: { ...summaryFields, doc: true } });
    return row && asRecord(row);
  }

  /**
   * Records a template whose thumbnail is stored; throws TemplateLimitError (nothing kept)
   * when the environment keeps `limit` templates. Creates of one environment take turns
   * (a transaction lock on it), so two at once cannot both take the last place.
   */
  async create(scope: TenantScope, template: TemplateContent & { id: string; mode: DesignMode }, limit: number, context: RequestContext): Promise<TemplateRecord> {
    return this.prisma.transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`templates/${scope.projectId}/${scope.environment}`}, 0))`;
      if ((await tx.template.count({ where: inScope(scope) })) >= limit) throw new TemplateLimitError(limit);
      const row = await tx.template.create({
        data: { ...inScope(scope), ...template, doc: template.doc as Prisma.InputJsonObject },
        select: { ...summaryFields, doc: true },
      });
      assertBeforeDeadline(context.deadline, 'the template was created');
      return asRecord(row);
    }, context.deadline);
  }

  /**
   * A new name, document and thumbnail for a template, with the key of the thumbnail it
   * had (for the caller to remove); null when the scope has no such template.
   */
  async replace(scope: TenantScope, templateId: string, content: TemplateContent, context: RequestContext): Promise<{ template: TemplateRecord; previousThumbnailKey: string } | null> {
    return this.prisma.transaction(async (tx) => {
      const [previous] = await tx.$queryRaw<{ thumbnailKey: string }[]>`
        SELECT "thumbnailKey" FROM "Template"
        WHERE id = ${templateId} AND "projectId" = ${scope.projectId} AND environment = ${scope.environment}::"Environment"
        FOR UPDATE`;
      if (!previous) return null;
      const row = await tx.template.update({
        where: { id: templateId },
        data: { ...content, doc: content.doc as Prisma.InputJsonObject },
        select: { ...summaryFields, doc: true },
      });
      assertBeforeDeadline(context.deadline, 'the template was replaced');
      return { template: asRecord(row), previousThumbnailKey: previous.thumbnailKey };
    }, context.deadline);
  }

  /** The deleted template's thumbnail key (for the caller to remove), or null when the scope has no such template. */
  async delete(scope: TenantScope, templateId: string): Promise<{ thumbnailKey: string } | null> {
    const [deleted] = await this.prisma.$queryRaw<{ thumbnailKey: string }[]>`
      DELETE FROM "Template"
      WHERE id = ${templateId} AND "projectId" = ${scope.projectId} AND environment = ${scope.environment}::"Environment"
      RETURNING "thumbnailKey"`;
    return deleted ?? null;
  }

  /** Each template's thumbnail key in one project's environment, by template id (at most MAX_TEMPLATES_PER_ENVIRONMENT): what a thumbnail sweep keeps. */
  async thumbnailKeys(scope: TenantScope): Promise<Map<string, string>> {
    const rows = await this.prisma.template.findMany({ where: inScope(scope), select: { id: true, thumbnailKey: true } });
    return new Map(rows.map((row) => [row.id, row.thumbnailKey]));
  }
}
