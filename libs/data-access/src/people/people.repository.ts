import { Injectable } from '@nestjs/common';
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
