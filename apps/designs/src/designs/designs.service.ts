import { Injectable } from '@nestjs/common';
import {
  type CreateDesignRequest,
  type Design,
  type DesignList,
  type DesignRequest,
  fail,
  type ListDesignsRequest,
  ok,
  type PersonScope,
  type RestorePointList,
  type SaveDesignRequest,
  type StoredDesign,
  type ServiceReply,
} from '@embed/contracts';
import { type DesignRecord, DesignsRepository, type KnownPerson, PersonErasedError } from '@embed/data-access';
import { CursorError, KeysetCursorCodec, type KeysetPosition } from '@embed/paging';
import { designNotFound, userErased } from '../common/replies';
import { PeopleService } from '../people/people.service';
import { checkDocument } from './document-check';
import { toDesign, toRestorePoint, toSummary } from './design-views';

/**
 * The list a cursor is valid for: one person (by our own id, so a cursor also dies with
 * an erasure) of one project and environment.
 */
export interface OwnedDesign {
  person: KnownPerson;
  design: DesignRecord;
}

const listOf = (person: KnownPerson) => JSON.stringify([person.projectId, person.environment, person.personId]);

/** A write that met an erasure starting under it (the person's row lock decides) answers 409, not a fault. */
async function unlessErased<T>(write: () => Promise<ServiceReply<T>>): Promise<ServiceReply<T>> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof PersonErasedError) return userErased();
    throw error;
  }
}

@Injectable()
export class DesignsService {
  constructor(
    private readonly people: PeopleService,
    private readonly designs: DesignsRepository,
    private readonly cursors: KeysetCursorCodec,
  ) {}

  async list({ person: scope, limit, cursor }: ListDesignsRequest): Promise<ServiceReply<DesignList>> {
    const person = await this.people.existing(scope);
    if (!person.ok) return person;
    // No cursor can belong to a person never seen: it was made for someone else.
    if (!person.value) return cursor ? fail(400, 'request_invalid', 'cursor belongs to another list') : ok({ designs: [], nextCursor: null });
    const after = this.positionOf(cursor, person.value);
    if (after instanceof CursorError) return fail(400, 'request_invalid', after.message);
    const page = await this.designs.listPage(person.value, limit, after);
    const last = page.designs.at(-1);
    return ok({ designs: page.designs.map(toSummary), nextCursor: page.hasMore && last ? this.cursors.encode(last, listOf(person.value)) : null });
  }

  async get({ person: scope, designId }: DesignRequest): Promise<ServiceReply<StoredDesign>> {
    const owner = await this.owner(scope);
    if (!owner.ok) return owner;
    const design = await this.designs.findStored(owner.value, designId);
    return design ? ok({ ...toSummary(design), docJson: design.docJson }) : designNotFound();
  }

  /** Revision 0 with its restore point and `design.saved`; the person becomes known if they were not. */
  async create({ person: scope, mode, name, doc }: CreateDesignRequest): Promise<ServiceReply<Design>> {
    const checked = checkDocument(doc, mode);
    if (!checked.ok) return checked;
    const person = await this.people.known(scope);
    if (!person.ok) return person;
    return unlessErased(async () => ok(toDesign(await this.designs.create(person.value, { name, mode, doc }))));
  }

  async save({ person: scope, designId, mode, name, doc }: SaveDesignRequest): Promise<ServiceReply<Design>> {
    const checked = checkDocument(doc, mode);
    if (!checked.ok) return checked;
    const owner = await this.owner(scope);
    if (!owner.ok) return owner;
    return unlessErased(async () => {
      const saved = await this.designs.save(owner.value, designId, { name, doc });
      return saved ? ok(toDesign(saved)) : designNotFound();
    });
  }

  async delete({ person: scope, designId }: DesignRequest): Promise<ServiceReply<null>> {
    const owner = await this.owner(scope);
    if (!owner.ok) return owner;
    return unlessErased(async () => ((await this.designs.delete(owner.value, designId)) ? ok(null) : designNotFound()));
  }

  async revisions({ person: scope, designId }: DesignRequest): Promise<ServiceReply<RestorePointList>> {
    const owner = await this.owner(scope);
    if (!owner.ok) return owner;
    const points = await this.designs.restorePoints(owner.value, designId);
    return points ? ok({ revisions: points.map(toRestorePoint) }) : designNotFound();
  }

  /** The design as last saved with its owner, or 404 exactly as if it did not exist. */
  async findOwned({ person: scope, designId }: DesignRequest): Promise<ServiceReply<OwnedDesign>> {
    const owner = await this.owner(scope);
    if (!owner.ok) return owner;
    const design = await this.designs.find(owner.value, designId);
    return design ? ok({ person: owner.value, design }) : designNotFound();
  }

  /** A person never seen owns no design: every design of theirs is not found. */
  private async owner(scope: PersonScope): Promise<ServiceReply<KnownPerson>> {
    const person = await this.people.existing(scope);
    if (!person.ok) return person;
    return person.value ? ok(person.value) : designNotFound();
  }

  private positionOf(cursor: string | undefined, person: KnownPerson): KeysetPosition | undefined | CursorError {
    if (cursor === undefined) return undefined;
    try {
      return this.cursors.decode(cursor, listOf(person));
    } catch (error) {
      if (error instanceof CursorError) return error;
      throw error;
    }
  }
}
