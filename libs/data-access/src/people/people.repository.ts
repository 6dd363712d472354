import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Prisma } from '@prisma/client';
import { assertBeforeDeadline, type PersonScope, type RequestContext } from '@embed/contracts';
import { newId } from '../ids';
import { PrismaService, type SqlRunner } from '../prisma.service';
import { prepared } from '../statement';

/** A journal key's size: an AES-256 key. */
export const JOURNAL_KEY_BYTES = 32;

/** `erasing` from the moment an erasure starts until the person's row is gone. */
export type PersonState = 'active' | 'erasing';

/**
 * A person the service knows, with the integrator's id and our own: designs, tokens and
 * events are keyed by `personId` and always queried with the tenant scope as well.
 */
export interface KnownPerson extends PersonScope {
  personId: string;
  state: PersonState;
}

/** The person's erasure started (or finished) between looking them up and writing for them. */
export class PersonErasedError extends Error {
  constructor() {
    super('this person is being erased');
    this.name = 'PersonErasedError';
  }
}

/**
 * The person's lock, keyed by our id: every write of the person's data holds it shared
 * for its whole transaction, and an erasure's marking takes it exclusively (see
 * ErasureRepository.markErasing). It is an advisory lock rather than the Person row's
 * own: PostgreSQL queues a new shared request behind a waiting exclusive one, while a
 * row's FOR SHARE is granted beside a waiting UPDATE, so a steady stream of writes
 * could keep an erasure from ever starting.
 */
export const personLock = (personId: string) => Prisma.sql`hashtextextended(${personId}, 0)`;
const LOCK_SHARED = 'SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))';
const PERSON_STATE = 'SELECT state FROM "Person" WHERE id = $1';

/**
 * Called first inside a write transaction for a person: holds their lock shared until
 * the transaction ends, and throws PersonErasedError unless they are still active.
 * Writes of one person still run side by side, but the erasure's marking waits for them,
 * and they wait for it and then see `erasing`: no write lands after an erasure started.
 * Two statements: the state is read after the wait, in a snapshot that sees the mark.
 */
export async function lockActivePerson(tx: Prisma.TransactionClient, person: KnownPerson): Promise<void> {
  await tx.$executeRawUnsafe(LOCK_SHARED, person.personId);
  const [row] = await tx.$queryRawUnsafe<{ state: PersonState }[]>(PERSON_STATE, person.personId);
  if (row?.state !== 'active') throw new PersonErasedError();
}

/** lockActivePerson inside a transaction of plain SQL (PrismaService.sqlTransaction). */
export async function lockActivePersonSql(sql: SqlRunner, person: KnownPerson): Promise<void> {
  await sql(LOCK_SHARED, [person.personId]);
  const [row] = await sql<{ state: PersonState }>(PERSON_STATE, [person.personId]);
  if (row?.state !== 'active') throw new PersonErasedError();
}

@Injectable()
export class PeopleRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(scope: PersonScope): Promise<KnownPerson | null> {
    const [person] = await this.prisma.sql<{ id: string; state: PersonState }>(
      prepared('person-find', 'SELECT id, state::text AS state FROM "Person" WHERE "projectId" = $1 AND environment = $2::text::"Environment" AND "externalId" = $3'),
      [scope.projectId, scope.environment, scope.userId],
    );
    return person ? { ...scope, personId: person.id, state: person.state } : null;
  }

  /**
   * Makes the person known (minting a token or saving a design does); an existing one
   * is kept as it is. One statement, so concurrent first contacts cannot collide; not
   * sent once the deadline of the request (`context`) has passed.
   */
  async findOrCreate(scope: PersonScope, context: RequestContext): Promise<KnownPerson> {
    assertBeforeDeadline(context.deadline, 'the person was recorded');
    const [person] = await this.prisma.sql<{ id: string; state: PersonState }>(
      prepared(
        'person-find-or-create',
        `INSERT INTO "Person" (id, "projectId", environment, "externalId") VALUES ($1, $2, $3::text::"Environment", $4)
         ON CONFLICT ("projectId", environment, "externalId") DO UPDATE SET state = "Person".state
         RETURNING id, state::text AS state`,
      ),
      [newId('psn'), scope.projectId, scope.environment, scope.userId],
    );
    return { ...scope, personId: person.id, state: person.state };
  }

  /**
   * The person's journal key (docs/erasure.md), made now when they have none; null once
   * their erasure started (it dropped the key). Made in one statement, so two first needs
   * at once get the same key; read without writing once it exists.
   */
  async journalKey(person: KnownPerson): Promise<Buffer | null> {
    const [kept] = await this.prisma.sql<{ journalKey: Buffer | null }>(
      prepared('person-journal-key', `SELECT "journalKey" FROM "Person" WHERE id = $1 AND state = 'active'`),
      [person.personId],
    );
    if (!kept || kept.journalKey) return kept?.journalKey ?? null;
    const [made] = await this.prisma.sql<{ journalKey: Buffer }>(
      prepared('person-journal-key-make', `UPDATE "Person" SET "journalKey" = COALESCE("journalKey", $2) WHERE id = $1 AND state = 'active' RETURNING "journalKey"`),
      [person.personId, randomBytes(JOURNAL_KEY_BYTES)],
    );
    return made?.journalKey ?? null;
  }
}
