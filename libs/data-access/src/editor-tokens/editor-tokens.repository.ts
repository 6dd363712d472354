import { Injectable } from '@nestjs/common';
import type { DesignMode } from '@embed/contracts';
import { newId } from '../ids';
import type { KnownPerson } from '../people/people.repository';
import { PrismaService } from '../prisma.service';

export interface NewEditorToken {
  tokenHash: string;
  origin: string;
  expiresAt: Date;
}

/** What a stored token acts for, with everything a verifier must refuse it for. */
export interface EditorTokenContext {
  person: KnownPerson;
  origin: string;
  expiresAt: Date;
  mode: DesignMode;
  projectSuspended: boolean;
  workspaceSuspended: boolean;
}

@Injectable()
export class EditorTokensRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(person: KnownPerson, token: NewEditorToken): Promise<void> {
    await this.prisma.editorToken.create({
      data: { id: newId('tok'), personId: person.personId, projectId: person.projectId, environment: person.environment, ...token },
    });
  }

  async findByHash(tokenHash: string): Promise<EditorTokenContext | null> {
    const token = await this.prisma.editorToken.findUnique({
      where: { tokenHash },
      select: {
        origin: true,
        expiresAt: true,
        person: {
          select: {
            id: true,
            externalId: true,
            state: true,
            projectId: true,
            environment: true,
            project: { select: { mode: true, suspended: true, workspace: { select: { suspended: true } } } },
          },
        },
      },
    });
    if (!token) return null;
    const { person } = token;
    return {
      person: { projectId: person.projectId, environment: person.environment, userId: person.externalId, personId: person.id, state: person.state },
      origin: token.origin,
      expiresAt: token.expiresAt,
      mode: person.project.mode,
      projectSuspended: person.project.suspended,
      workspaceSuspended: person.project.workspace.suspended,
    };
  }
}
