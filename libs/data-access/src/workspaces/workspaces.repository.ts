import { Injectable } from '@nestjs/common';
import { RecordNotFoundError } from '../errors';
import { newId } from '../ids';
import { PrismaService } from '../prisma.service';

export interface WorkspaceRecord {
  id: string;
  name: string;
  suspended: boolean;
}

@Injectable()
export class WorkspacesRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(name: string): Promise<WorkspaceRecord> {
    const { id, suspended } = await this.prisma.workspace.create({ data: { id: newId('ws'), name } });
    return { id, name, suspended };
  }

  async setSuspended(id: string, suspended: boolean): Promise<WorkspaceRecord> {
    const updated = await this.prisma.workspace.updateMany({ where: { id }, data: { suspended } });
    if (updated.count === 0) throw new RecordNotFoundError('workspace', id);
    const { name } = await this.prisma.workspace.findUniqueOrThrow({ where: { id } });
    return { id, name, suspended };
  }
}
