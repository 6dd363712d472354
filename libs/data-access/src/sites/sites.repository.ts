import { Injectable } from '@nestjs/common';
import type { TenantScope } from '@embed/contracts';
import { RecordNotFoundError } from '../errors';
import { PrismaService } from '../prisma.service';
import { prepared } from '../statement';

/** Allowed sites of one project and environment, as normalised origins. */
@Injectable()
export class SitesRepository {
  constructor(private readonly prisma: PrismaService) {}

  async add(scope: TenantScope, origin: string): Promise<string[]> {
    await this.assertProject(scope.projectId);
    await this.prisma.allowedSite.createMany({ data: [{ ...scope, origin }], skipDuplicates: true });
    return this.list(scope);
  }

  async remove(scope: TenantScope, origin: string): Promise<string[]> {
    await this.assertProject(scope.projectId);
    await this.prisma.allowedSite.deleteMany({ where: { ...scope, origin } });
    return this.list(scope);
  }

  async list(scope: TenantScope): Promise<string[]> {
    const sites = await this.prisma.allowedSite.findMany({ where: scope, orderBy: { origin: 'asc' }, select: { origin: true } });
    return sites.map((site) => site.origin);
  }

  async isAllowed(scope: TenantScope, origin: string): Promise<boolean> {
    const rows = await this.prisma.sql(prepared('site-allowed', 'SELECT 1 FROM "AllowedSite" WHERE "projectId" = $1 AND environment = $2::text::"Environment" AND origin = $3'), [
      scope.projectId,
      scope.environment,
      origin,
    ]);
    return rows.length > 0;
  }

  /** Whether the origin is an allowed site of any project, in either environment (the editor API's CORS preflights). */
  async isAllowedAnywhere(origin: string): Promise<boolean> {
    const rows = await this.prisma.sql(prepared('site-allowed-anywhere', 'SELECT 1 FROM "AllowedSite" WHERE origin = $1 LIMIT 1'), [origin]);
    return rows.length > 0;
  }

  private async assertProject(projectId: string): Promise<void> {
    if (!(await this.prisma.project.count({ where: { id: projectId } }))) throw new RecordNotFoundError('project', projectId);
  }
}
