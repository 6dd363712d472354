import { Injectable } from '@nestjs/common';
import type { Prisma } from '@prisma/client';
import type { PersonScope } from '@embed/contracts';
import { newId } from '../ids';
import { PrismaService } from '../prisma.service';

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
 * Called first inside a write transaction for a person: holds their row FOR SHARE until
 * the transaction ends, and throws PersonErasedError unless they are still active.
 * Writes of one person still run side by side (shared locks), but the erasure's marking
 * UPDATE waits for them, and they wait for it and then see `erasing`: no write lands
 * after an erasure started.
 */
export async function lockActivePerson(tx: Prisma.TransactionClient, person: KnownPerson): Promise<void> {
  const [row] = await tx.$queryRaw<{ state: PersonState }[]>`SELECT state FROM "Person" WHERE id = ${person.personId} FOR SHARE`;
  if (row?.state !== 'active') throw new PersonErasedError();
}

@Injectable()
export class PeopleRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(scope: PersonScope): Promise<KnownPerson | null> {
    const [person] = await this.prisma.sql<{ id: string; state: PersonState }>(
      'SELECT id, state FROM "Person" WHERE "projectId" = $1 AND environment = $2::"Environment" AND "externalId" = $3',
      [scope.projectId, scope.environment, scope.userId],
    );
    return person ? { ...scope, personId: person.id, state: person.state } : null;
  }

  /**
   * Makes the person known (minting a token or saving a design does); an existing one
   * is kept as it is. One statement, so concurrent first contacts cannot collide.
   */
  async findOrCreate(scope: PersonScope): Promise<KnownPerson> {
    const [person] = await this.prisma.sql<{ id: string; state: PersonState }>(
      `INSERT INTO "Person" (id, "projectId", environment, "externalId") VALUES ($1, $2, $3::"Environment", $4)
       ON CONFLICT ("projectId", environment, "externalId") DO UPDATE SET state = "Person".state
       RETURNING id, state`,
      [newId('psn'), scope.projectId, scope.environment, scope.userId],
    );
    return { ...scope, personId: person.id, state: person.state };
  }
}
