import { Injectable } from '@nestjs/common';
import type { Environment } from '@embed/contracts';
import { PrismaService } from '../prisma.service';

/** A request asking to hold an Idempotency-Key (see apps/gateway/src/idempotency). */
export interface IdempotencyClaim {
  /** Hash of the key's scope and the key itself. */
  id: string;
  projectId: string;
  environment: Environment;
  /** The person the answer may be about, so that their erasure removes it. */
  userId: string | null;
  requestHash: string;
  /** How long the request holds the key while it runs. */
  holdMs: number;
  /** How long the key and its answer are kept. */
  keepMs: number;
}

export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'answered'; status: number; answer: Buffer }
  | { kind: 'running' }
  | { kind: 'reused' };

const NOW = `(now() AT TIME ZONE 'UTC')`;

interface HeldRow {
  requestHash: string;
  status: number | null;
  answer: Buffer | null;
}

/** Idempotency keys and their first answers, in PostgreSQL: durable, never evicted, gone only when expired or erased. */
@Injectable()
export class IdempotencyRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Takes the key for this request, or says why not. One statement takes a key never
   * used, expired, or held by a request of the same hash whose hold ran out (its
   * gateway stopped before answering); otherwise the key's row says what happened.
   */
  async claim(claim: IdempotencyClaim): Promise<ClaimOutcome> {
    for (;;) {
      const taken = await this.prisma.sql<{ id: string }>(
        `INSERT INTO "IdempotencyRecord" (id, "projectId", environment, "userId", "requestHash", "lockedUntil", "expiresAt")
         VALUES ($1, $2, $3::text::"Environment", $4, $5, ${NOW} + $6 * interval '1 millisecond', ${NOW} + $7 * interval '1 millisecond')
         ON CONFLICT (id) DO UPDATE SET "requestHash" = EXCLUDED."requestHash", "userId" = EXCLUDED."userId", status = NULL, answer = NULL,
           "lockedUntil" = EXCLUDED."lockedUntil", "expiresAt" = EXCLUDED."expiresAt", "createdAt" = ${NOW}
         WHERE "IdempotencyRecord"."expiresAt" <= ${NOW}
            OR ("IdempotencyRecord".status IS NULL AND "IdempotencyRecord"."lockedUntil" <= ${NOW} AND "IdempotencyRecord"."requestHash" = EXCLUDED."requestHash")
         RETURNING id`,
        [claim.id, claim.projectId, claim.environment, claim.userId, claim.requestHash, claim.holdMs, claim.keepMs],
      );
      if (taken.length > 0) return { kind: 'claimed' };
      const [held] = await this.prisma.sql<HeldRow>(`SELECT "requestHash", status, answer FROM "IdempotencyRecord" WHERE id = $1`, [claim.id]);
      // Expired and swept between the two statements: try again.
      if (!held) continue;
      if (held.requestHash !== claim.requestHash) return { kind: 'reused' };
      if (held.status === null || held.answer === null) return { kind: 'running' };
      return { kind: 'answered', status: held.status, answer: held.answer };
    }
  }

  /** Keeps the answer of the request that holds the key. */
  async answer(id: string, requestHash: string, status: number, answer: Buffer): Promise<void> {
    await this.prisma.sql(`UPDATE "IdempotencyRecord" SET status = $3, answer = $4 WHERE id = $1 AND "requestHash" = $2 AND status IS NULL`, [id, requestHash, status, answer]);
  }

  /** Lets the key go without an answer (the request failed on our side): a retry does the work. */
  async release(id: string, requestHash: string): Promise<void> {
    await this.prisma.sql(`DELETE FROM "IdempotencyRecord" WHERE id = $1 AND "requestHash" = $2 AND status IS NULL`, [id, requestHash]);
  }

  /** Deletes keys past their 24 hours; returns how many. */
  async deleteExpired(): Promise<number> {
    const [{ deleted }] = await this.prisma.sql<{ deleted: number }>(
      `WITH gone AS (DELETE FROM "IdempotencyRecord" WHERE "expiresAt" <= ${NOW} RETURNING 1) SELECT count(*)::int AS deleted FROM gone`,
    );
    return deleted;
  }
}
