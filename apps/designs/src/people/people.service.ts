import { Injectable } from '@nestjs/common';
import { ok, type PersonScope, type RequestContext, type ServiceReply } from '@embed/contracts';
import { type KnownPerson, PeopleRepository } from '@embed/data-access';
import { userErased } from '../common/replies';

/** Looks people up for every operation, refusing those being erased (spec §3: 409 user_erased). */
@Injectable()
export class PeopleService {
  constructor(private readonly people: PeopleRepository) {}

  /** The person, or null when the service has never seen them. */
  async existing(scope: PersonScope): Promise<ServiceReply<KnownPerson | null>> {
    return this.usable(await this.people.find(scope));
  }

  /** The person, made known first when needed (a token minted or a design saved does that). */
  async known(scope: PersonScope, context: RequestContext): Promise<ServiceReply<KnownPerson>> {
    return this.usable(await this.people.findOrCreate(scope, context));
  }

  private usable<P extends KnownPerson | null>(person: P): ServiceReply<P> {
    return person?.state === 'erasing' ? userErased() : ok(person);
  }
}
