import { Injectable } from '@nestjs/common';
import type { DesignMode, Environment } from '@embed/contracts';
import { RecordNotFoundError } from '../errors';
import { newId } from '../ids';
import { PrismaService } from '../prisma.service';
import { prepared } from '../statement';

/** What a secret key authorises, with what the gateway must refuse it for. */
export interface KeyContext {
  keyId: string;
  projectId: string;
  environment: Environment;
  mode: DesignMode;
  revoked: boolean;
  projectSuspended: boolean;
  workspaceSuspended: boolean;
}

@Injectable()
export class KeysRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(projectId: string, environment: Environment, secretHash: string): Promise<{ id: string }> {
    if (!(await this.prisma.project.count({ where: { id: projectId } }))) throw new RecordNotFoundError('project', projectId);
    const { id } = await this.prisma.apiKey.create({ data: { id: newId('key'), projectId, environment, secretHash } });
    return { id };
  }

  /** Revokes once; revoking again keeps the first revocation time. */
  async revoke(id: string): Promise<{ id: string; revokedAt: Date }> {
    await this.prisma.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    const key = await this.prisma.apiKey.findUnique({ where: { id }, select: { revokedAt: true } });
    if (!key?.revokedAt) throw new RecordNotFoundError('key', id);
    return { id, revokedAt: key.revokedAt };
  }

  /** On the path of every server-API request the gateway has not cached: one query (see PrismaService.sql). */
  async findBySecretHash(secretHash: string): Promise<KeyContext | null> {
    const [key] = await this.prisma.sql<KeyContext>(
      prepared('key-by-secret-hash', `SELECT k.id AS "keyId", k."projectId", k.environment::text AS environment, p.mode::text AS mode, k."revokedAt" IS NOT NULL AS revoked,
              p.suspended AS "projectSuspended", w.suspended AS "workspaceSuspended"
       FROM "ApiKey" k JOIN "Project" p ON p.id = k."projectId" JOIN "Workspace" w ON w.id = p."workspaceId"
       WHERE k."secretHash" = $1`),
      [secretHash],
    );
    return key ?? null;
  }
}
