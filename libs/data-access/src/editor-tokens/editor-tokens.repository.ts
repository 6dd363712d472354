import { Injectable } from '@nestjs/common';
import type { DesignMode, Environment } from '@embed/contracts';
import { newId } from '../ids';
import type { KnownPerson, PersonState } from '../people/people.repository';
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

interface TokenRow {
  origin: string;
  expiresAt: Date;
  personId: string;
  externalId: string;
  state: PersonState;
  projectId: string;
  environment: Environment;
  mode: DesignMode;
  projectSuspended: boolean;
  workspaceSuspended: boolean;
}

@Injectable()
export class EditorTokensRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(person: KnownPerson, token: NewEditorToken): Promise<void> {
    await this.prisma.sql(
      `INSERT INTO "EditorToken" (id, "tokenHash", "personId", "projectId", environment, origin, "expiresAt")
       VALUES ($1, $2, $3, $4, $5::"Environment", $6, $7::timestamptz AT TIME ZONE 'UTC')`,
      [newId('tok'), token.tokenHash, person.personId, person.projectId, person.environment, token.origin, token.expiresAt],
    );
  }

  /** Checked on every editor request, so one query with everything a verifier needs. */
  async findByHash(tokenHash: string): Promise<EditorTokenContext | null> {
    const [row] = await this.prisma.sql<TokenRow>(
      `SELECT t.origin, t."expiresAt" AT TIME ZONE 'UTC' AS "expiresAt", p.id AS "personId", p."externalId", p.state,
              p."projectId", p.environment, pr.mode, pr.suspended AS "projectSuspended", w.suspended AS "workspaceSuspended"
       FROM "EditorToken" t
       JOIN "Person" p ON p.id = t."personId"
       JOIN "Project" pr ON pr.id = p."projectId"
       JOIN "Workspace" w ON w.id = pr."workspaceId"
       WHERE t."tokenHash" = $1`,
      [tokenHash],
    );
    if (!row) return null;
    return {
      person: { projectId: row.projectId, environment: row.environment, userId: row.externalId, personId: row.personId, state: row.state },
      origin: row.origin,
      expiresAt: row.expiresAt,
      mode: row.mode,
      projectSuspended: row.projectSuspended,
      workspaceSuspended: row.workspaceSuspended,
    };
  }
}
