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
    const person = await this.prisma.person.findUnique({
      where: { projectId_environment_externalId: { projectId: scope.projectId, environment: scope.environment, externalId: scope.userId } },
      select: { id: true, state: true },
    });
    return person && { ...scope, personId: person.id, state: person.state };
  }

  /** Makes the person known (minting a token or saving a design does); an existing one is kept as it is. */
  async findOrCreate(scope: PersonScope): Promise<KnownPerson> {
    // skipDuplicates turns a concurrent first contact into a no-op instead of a unique violation.
    await this.prisma.person.createMany({
      data: [{ id: newId('psn'), projectId: scope.projectId, environment: scope.environment, externalId: scope.userId }],
      skipDuplicates: true,
    });
    const person = await this.find(scope);
    if (!person) throw new Error(`person ${scope.userId} vanished right after it was made known`);
    return person;
  }
}
