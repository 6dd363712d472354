import { Injectable } from '@nestjs/common';
import type { Prisma } from '@prisma/client';
import {
  DEFAULT_QUOTAS,
  ENVIRONMENTS,
  type Environment,
  QUOTA_NAMES,
  type QuotaBreach,
  quotaBreach,
  type QuotaCharge,
  type QuotaLimits,
  quotaMessage,
  type QuotaName,
  type QuotaUsage,
  type TenantScope,
} from '@embed/contracts';
import { RecordNotFoundError } from '../errors';
import type { KnownPerson } from '../people/people.repository';
import { PrismaService } from '../prisma.service';

/** A create that would pass a quota; nothing of it was kept (its transaction rolls back). */
export class QuotaExceededError extends Error {
  constructor(readonly breach: QuotaBreach) {
    super(quotaMessage(breach));
    this.name = 'QuotaExceededError';
  }
}

/** One environment's quotas as `quota show` prints them: the limits in force, which of them are set, and the usage. */
export interface EnvironmentQuotas {
  limits: QuotaLimits;
  /** The quotas the operator set; the others are the defaults. */
  set: QuotaName[];
  usage: { project: QuotaUsage; people: number; largestPerson: QuotaUsage };
}

type UsageRow = { images: number | string; imageBytes: number | string; designs: number | string };
type QuotaRow = Record<QuotaName, number | string | null>;

const usageOf = (row: UsageRow | undefined): QuotaUsage => ({ images: Number(row?.images ?? 0), imageBytes: Number(row?.imageBytes ?? 0), designs: Number(row?.designs ?? 0) });
const QUOTA_COLUMNS = QUOTA_NAMES.map((name) => `"${name}"`).join(', ');

/** The limits in force: those set for the project's environment, the defaults for the rest. */
function limitsOf(row: QuotaRow | undefined): QuotaLimits {
  return Object.fromEntries(QUOTA_NAMES.map((name) => [name, row?.[name] == null ? DEFAULT_QUOTAS[name] : Number(row[name])])) as QuotaLimits;
}

async function limitsIn(tx: Prisma.TransactionClient, scope: TenantScope): Promise<QuotaLimits> {
  const [row] = await tx.$queryRawUnsafe<QuotaRow[]>(`SELECT ${QUOTA_COLUMNS} FROM "ProjectQuota" WHERE "projectId" = $1 AND environment = $2::text::"Environment"`, scope.projectId, scope.environment);
  return limitsOf(row);
}

/** Adds `change` (negative to give back) to the usage of the project's environment, and returns it as it is now. */
async function addProjectUsage(tx: Prisma.TransactionClient, scope: TenantScope, change: QuotaUsage): Promise<QuotaUsage> {
  const [projectUsage] = await tx.$queryRawUnsafe<UsageRow[]>(
    `INSERT INTO "ProjectUsage" ("projectId", environment, "imageCount", "imageBytes", "designCount") VALUES ($1, $2::text::"Environment", $3, $4, $5)
     ON CONFLICT ("projectId", environment) DO UPDATE SET "imageCount" = "ProjectUsage"."imageCount" + $3, "imageBytes" = "ProjectUsage"."imageBytes" + $4, "designCount" = "ProjectUsage"."designCount" + $5
     RETURNING "imageCount" AS images, "imageBytes" AS "imageBytes", "designCount" AS designs`,
    scope.projectId,
    scope.environment,
    change.images,
    change.imageBytes,
    change.designs,
  );
  return usageOf(projectUsage);
}

/**
 * Adds `change` (negative to give back) to the person's usage and to their project's, and
 * returns both as they are now. Each UPDATE waits for a concurrent one of the same row to
 * commit and then adds to the row as that one left it.
 */
async function addUsage(tx: Prisma.TransactionClient, person: KnownPerson, change: QuotaUsage): Promise<{ person: QuotaUsage; project: QuotaUsage }> {
  const [personUsage] = await tx.$queryRawUnsafe<UsageRow[]>(
    `UPDATE "Person" SET "imageCount" = "imageCount" + $2, "imageBytes" = "imageBytes" + $3, "designCount" = "designCount" + $4
     WHERE id = $1 RETURNING "imageCount" AS images, "imageBytes" AS "imageBytes", "designCount" AS designs`,
    person.personId,
    change.images,
    change.imageBytes,
    change.designs,
  );
  return { person: usageOf(personUsage), project: await addProjectUsage(tx, person, change) };
}

/**
 * Adds what a create keeps (`charge`) to the person's usage and their project's, inside the
 * create's transaction, and throws QuotaExceededError when either passes a quota; the
 * transaction then rolls back, the additions with it. Race-safe by row locks: each UPDATE
 * adds to the row as the create before it left it (a concurrent one waits for that
 * create's commit), so two creates cannot both take the last place. Call it last in the
 * transaction, so that the project's row, which every create of the project updates, is
 * held only until the commit.
 */
export async function chargeQuotas(tx: Prisma.TransactionClient, person: KnownPerson, charge: QuotaCharge): Promise<void> {
  const limits = await limitsIn(tx, person);
  const usage = await addUsage(tx, person, charge);
  const breach = quotaBreach(limits, 'person', usage.person, charge) ?? quotaBreach(limits, 'project', usage.project, charge);
  if (breach) throw new QuotaExceededError(breach);
}

/**
 * chargeQuotas for what the project itself keeps (an image its integrator uploaded): only
 * the project's quotas count it, as they count everything of the project's environment.
 */
export async function chargeProjectQuotas(tx: Prisma.TransactionClient, scope: TenantScope, charge: QuotaCharge): Promise<void> {
  const limits = await limitsIn(tx, scope);
  const breach = quotaBreach(limits, 'project', await addProjectUsage(tx, scope, charge), charge);
  if (breach) throw new QuotaExceededError(breach);
}

/** Gives back what a delete of the project's own removed (a project image deleted). */
export async function releaseProjectQuotas(tx: Prisma.TransactionClient, scope: TenantScope, charge: QuotaCharge): Promise<void> {
  await addProjectUsage(tx, scope, { images: -charge.images, imageBytes: -charge.imageBytes, designs: -charge.designs });
}

/** Gives back what a delete removed (a design deleted), to the person and their project. */
export async function releaseQuotas(tx: Prisma.TransactionClient, person: KnownPerson, charge: QuotaCharge): Promise<void> {
  await addUsage(tx, person, { images: -charge.images, imageBytes: -charge.imageBytes, designs: -charge.designs });
}

/** Gives back everything the person held to their project (their erasure's last step, before their row goes). */
export async function releasePersonUsage(tx: Prisma.TransactionClient, person: TenantScope & { personId: string }): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE "ProjectUsage" u SET "imageCount" = u."imageCount" - p."imageCount", "imageBytes" = u."imageBytes" - p."imageBytes", "designCount" = u."designCount" - p."designCount"
     FROM "Person" p WHERE p.id = $3 AND u."projectId" = $1 AND u.environment = $2::text::"Environment"`,
    person.projectId,
    person.environment,
    person.personId,
  );
}

/** The operator's quotas of a project (admin `quota set` and `quota show`), and the check an upload makes before it stores its file. */
@Injectable()
export class QuotasRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The quota `charge` would pass now, read without locks: an upload asks before it writes
   * its file, so that a person at a quota costs no write. The create's own chargeQuotas
   * decides; this only spares work.
   */
  async wouldPass(person: KnownPerson, charge: QuotaCharge): Promise<QuotaBreach | null> {
    const [row] = await this.prisma.sql<QuotaRow & { person: UsageRow; project: UsageRow | null }>(
      `SELECT ${QUOTA_NAMES.map((name) => `q."${name}"`).join(', ')},
         json_build_object('images', p."imageCount", 'imageBytes', p."imageBytes", 'designs', p."designCount") AS person,
         CASE WHEN u."projectId" IS NULL THEN NULL ELSE json_build_object('images', u."imageCount", 'imageBytes', u."imageBytes", 'designs', u."designCount") END AS project
       FROM "Person" p
       LEFT JOIN "ProjectUsage" u ON u."projectId" = p."projectId" AND u.environment = p.environment
       LEFT JOIN "ProjectQuota" q ON q."projectId" = p."projectId" AND q.environment = p.environment
       WHERE p.id = $1`,
      [person.personId],
    );
    if (!row) return null;
    const limits = limitsOf(row);
    const after = (usage: UsageRow | null): QuotaUsage => {
      const held = usageOf(usage ?? undefined);
      return { images: held.images + charge.images, imageBytes: held.imageBytes + charge.imageBytes, designs: held.designs + charge.designs };
    };
    return quotaBreach(limits, 'person', after(row.person), charge) ?? quotaBreach(limits, 'project', after(row.project), charge);
  }

  /** Sets the given quotas of a project's environment; null puts one back to its default. */
  async set(scope: TenantScope, quotas: Partial<Record<QuotaName, number | null>>): Promise<void> {
    await this.assertProject(scope.projectId);
    const values = Object.fromEntries(Object.entries(quotas).map(([name, value]) => [name, value === null || value === undefined ? null : name.endsWith('Bytes') ? BigInt(value) : value]));
    await this.prisma.projectQuota.upsert({ where: { projectId_environment: scope }, create: { ...scope, ...values }, update: values });
  }

  /** Each environment's limits, which of them are set, and what the project's people hold. */
  async show(projectId: string): Promise<Record<Environment, EnvironmentQuotas>> {
    await this.assertProject(projectId);
    const shown = await Promise.all(
      ENVIRONMENTS.map(async (environment): Promise<[Environment, EnvironmentQuotas]> => {
        const [row] = await this.prisma.sql<QuotaRow>(`SELECT ${QUOTA_COLUMNS} FROM "ProjectQuota" WHERE "projectId" = $1 AND environment = $2::text::"Environment"`, [projectId, environment]);
        const [project] = await this.prisma.sql<UsageRow>(
          `SELECT "imageCount" AS images, "imageBytes" AS "imageBytes", "designCount" AS designs FROM "ProjectUsage" WHERE "projectId" = $1 AND environment = $2::text::"Environment"`,
          [projectId, environment],
        );
        const [people] = await this.prisma.sql<UsageRow & { people: string }>(
          `SELECT count(*) AS people, max("imageCount") AS images, max("imageBytes") AS "imageBytes", max("designCount") AS designs FROM "Person" WHERE "projectId" = $1 AND environment = $2::text::"Environment"`,
          [projectId, environment],
        );
        const set = QUOTA_NAMES.filter((name) => row?.[name] != null);
        return [environment, { limits: limitsOf(row), set, usage: { project: usageOf(project), people: Number(people?.people ?? 0), largestPerson: usageOf(people) } }];
      }),
    );
    return Object.fromEntries(shown) as Record<Environment, EnvironmentQuotas>;
  }

  private async assertProject(projectId: string): Promise<void> {
    if (!(await this.prisma.project.count({ where: { id: projectId } }))) throw new RecordNotFoundError('project', projectId);
  }
}
