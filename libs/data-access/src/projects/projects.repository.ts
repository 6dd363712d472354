import { Injectable } from '@nestjs/common';
import type { DesignMode, Environment, SubscribableEvent } from '@embed/contracts';
import { RecordNotFoundError } from '../errors';
import { newId } from '../ids';
import { PrismaService } from '../prisma.service';

export interface NewProject {
  name: string;
  mode: DesignMode;
  /** An existing workspace; when absent, one is made for the project. */
  workspaceId?: string;
  keys: { environment: Environment; secretHash: string }[];
  sites: { environment: Environment; origin: string }[];
  webhook?: { url: string; events: SubscribableEvent[]; secret: string };
}

export interface CreatedProject {
  workspaceId: string;
  projectId: string;
  mode: DesignMode;
  keyIds: Record<Environment, string>;
  webhookId: string | null;
}

@Injectable()
export class ProjectsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Creates the project with its keys, sites and webhook, all or nothing. */
  async create(input: NewProject): Promise<CreatedProject> {
    return this.prisma.transaction(async (tx) => {
      const workspaceId = input.workspaceId ?? newId('ws');
      if (input.workspaceId) {
        const exists = await tx.workspace.count({ where: { id: workspaceId } });
        if (!exists) throw new RecordNotFoundError('workspace', workspaceId);
      } else {
        await tx.workspace.create({ data: { id: workspaceId, name: input.name } });
      }
      const projectId = newId('prj');
      await tx.project.create({ data: { id: projectId, workspaceId, name: input.name, mode: input.mode } });
      const keyIds = {} as Record<Environment, string>;
      for (const key of input.keys) {
        keyIds[key.environment] = newId('key');
        await tx.apiKey.create({ data: { id: keyIds[key.environment], projectId, ...key } });
      }
      if (input.sites.length > 0) {
        await tx.allowedSite.createMany({ data: input.sites.map((site) => ({ projectId, ...site })), skipDuplicates: true });
      }
      const webhookId = input.webhook ? newId('wh') : null;
      if (input.webhook && webhookId) {
        await tx.webhookEndpoint.create({ data: { id: webhookId, projectId, ...input.webhook } });
      }
      return { workspaceId, projectId, mode: input.mode, keyIds, webhookId };
    }, undefined);
  }

  async setSuspended(id: string, suspended: boolean): Promise<{ id: string; suspended: boolean }> {
    const updated = await this.prisma.project.updateMany({ where: { id }, data: { suspended } });
    if (updated.count === 0) throw new RecordNotFoundError('project', id);
    return { id, suspended };
  }

  async assertExists(id: string): Promise<void> {
    if (!(await this.prisma.project.count({ where: { id } }))) throw new RecordNotFoundError('project', id);
  }
}
