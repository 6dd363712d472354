import { Injectable } from '@nestjs/common';
import { assertBeforeDeadline, type DesignMode, type Environment, type RequestContext, type TokenAccess } from '@embed/contracts';
import { newId } from '../ids';
import { type KnownPerson, lockActivePersonSql, type PersonState } from '../people/people.repository';
import { PrismaService } from '../prisma.service';
import { prepared } from '../statement';

export interface NewEditorToken {
  tokenHash: string;
  /** The secret key that minted it: the token ends when that key is revoked. */
  keyId: string;
  origin: string;
  access: TokenAccess;
  expiresAt: Date;
}

/** What a stored token acts for, with everything a verifier must refuse it for. */
export interface EditorTokenContext {
  person: KnownPerson;
  origin: string;
  access: TokenAccess;
  expiresAt: Date;
  mode: DesignMode;
  projectSuspended: boolean;
  workspaceSuspended: boolean;
  /** The key that minted it has been revoked. */
  keyRevoked: boolean;
  /** Its origin is still an allowed site of its project and environment (localhost aside, which no row lists). */
  originListed: boolean;
}

interface TokenRow {
  origin: string;
  access: TokenAccess;
  expiresAt: Date;
  personId: string;
  externalId: string;
  state: PersonState;
  projectId: string;
  environment: Environment;
  mode: DesignMode;
  projectSuspended: boolean;
  workspaceSuspended: boolean;
  keyRevoked: boolean;
  originListed: boolean;
}

@Injectable()
export class EditorTokensRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Keeps a token's hash; throws PersonErasedError once the person's erasure has started
   * (see lockActivePerson). Past the deadline of the request (`context`) it stores nothing.
   */
  async create(person: KnownPerson, token: NewEditorToken, context: RequestContext): Promise<void> {
    // Plain SQL: minting is on the path of every editor session (see PrismaService.sqlTransaction).
    await this.prisma.sqlTransaction(async (sql) => {
      await lockActivePersonSql(sql, person);
      await sql(
        prepared('editor-token-insert', `INSERT INTO "EditorToken" (id, "tokenHash", "personId", "projectId", environment, "keyId", origin, access, "expiresAt")
         VALUES ($1, $2, $3, $4, $5::text::"Environment", $6, $7, $8::text::"TokenAccess", $9::timestamptz AT TIME ZONE 'UTC')`),
        [newId('tok'), token.tokenHash, person.personId, person.projectId, person.environment, token.keyId, token.origin, token.access, token.expiresAt.toISOString()],
      );
      assertBeforeDeadline(context.deadline, 'the token was stored');
    }, context.deadline);
  }

  /** Checked on every editor request, so one query with everything a verifier needs. */
  async findByHash(tokenHash: string): Promise<EditorTokenContext | null> {
    const [row] = await this.prisma.sql<TokenRow>(
      prepared('editor-token-by-hash', `SELECT t.origin, t.access::text AS access, t."expiresAt" AT TIME ZONE 'UTC' AS "expiresAt", p.id AS "personId", p."externalId", p.state::text AS state,
              p."projectId", p.environment::text AS environment, pr.mode::text AS mode, pr.suspended AS "projectSuspended", w.suspended AS "workspaceSuspended",
              k."revokedAt" IS NOT NULL AS "keyRevoked",
              EXISTS (SELECT 1 FROM "AllowedSite" s WHERE s."projectId" = t."projectId" AND s.environment = t.environment AND s.origin = t.origin) AS "originListed"
       FROM "EditorToken" t
       JOIN "Person" p ON p.id = t."personId"
       JOIN "Project" pr ON pr.id = p."projectId"
       JOIN "Workspace" w ON w.id = pr."workspaceId"
       JOIN "ApiKey" k ON k.id = t."keyId"
       WHERE t."tokenHash" = $1`),
      [tokenHash],
    );
    if (!row) return null;
    return {
      person: { projectId: row.projectId, environment: row.environment, userId: row.externalId, personId: row.personId, state: row.state },
      origin: row.origin,
      access: row.access,
      expiresAt: row.expiresAt,
      mode: row.mode,
      projectSuspended: row.projectSuspended,
      workspaceSuspended: row.workspaceSuspended,
      keyRevoked: row.keyRevoked,
      originListed: row.originListed,
    };
  }

  /** Deletes the tokens past their expiry (already refused when used: this removes them); returns how many. */
  async deleteExpired(): Promise<number> {
    const [{ deleted }] = await this.prisma.sql<{ deleted: number }>(
      `WITH gone AS (DELETE FROM "EditorToken" WHERE "expiresAt" <= (now() AT TIME ZONE 'UTC') RETURNING 1) SELECT count(*)::int AS deleted FROM gone`,
    );
    return deleted;
  }
}
