import { Injectable } from '@nestjs/common';
import type { Environment } from '@embed/contracts';
import { RecordNotFoundError } from '../errors';
import { newId } from '../ids';
import { PrismaService } from '../prisma.service';

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
}
