import { Injectable } from '@nestjs/common';
import {
  type CreateDesignRequest,
  type Design,
  type DesignDocument,
  type DesignList,
  type DesignRequest,
  designForMode,
  fail,
  type ListDesignsRequest,
  type ListRevisionsRequest,
  ok,
  type PersonScope,
  type RequestContext,
  type LabelRevisionRequest,
  type RestorePointList,
  type RestorePointSummary,
  type RevisionRequest,
  type SaveDesignRequest,
  type UnparsedDesign,
  type UnparsedRestorePoint,
  type ServiceReply,
  type TenantScope,
} from '@embed/contracts';
import { type DesignRecord, DesignsRepository, type KnownPerson, SavedRowsRepository } from '@embed/data-access';
import { type DesignDocument as CheckedDocument, lockedRowChange, type Row, syncedRowIds, withSyncedRows } from '@embed/design-document/model';
import { CursorError, KeysetCursorCodec, type KeysetPosition } from '@embed/paging';
import { designNotFound, revisionNotFound, unlessErased } from '../common/replies';
import { PeopleService } from '../people/people.service';
import { toDesign, toRestorePointSummary, toUnparsedRestorePoint, toSummary } from './design-views';

/**
 * The list a cursor is valid for: one person (by our own id, so a cursor also dies with
 * an erasure) of one project and environment.
 */
export interface OwnedDesign {
  person: KnownPerson;
  design: DesignRecord;
}

const listOf = (person: KnownPerson) => JSON.stringify([person.projectId, person.environment, person.personId]);
/** The list a restore-point cursor is valid for: one design of one person. */
const pointsOf = (person: KnownPerson, designId: string) => JSON.stringify([person.projectId, person.environment, person.personId, designId]);

@Injectable()
export class DesignsService {
  constructor(
    private readonly people: PeopleService,
    private readonly designs: DesignsRepository,
    private readonly cursors: KeysetCursorCodec,
    private readonly savedRows: SavedRowsRepository,
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

  async get({ person: scope, designId }: DesignRequest): Promise<ServiceReply<UnparsedDesign>> {
    const owner = await this.owner(scope);
    if (!owner.ok) return owner;
    const design = await this.designs.findStored(owner.value, designId);
    if (!design) return designNotFound();
    // The stored text goes out as it is unless a synced row must show its saved row's current content.
    const docJson = design.docJson.includes('"syncedRowId"') ? JSON.stringify(await this.synced(owner.value, JSON.parse(design.docJson) as CheckedDocument)) : design.docJson;
    return ok({ ...toSummary(design), docJson });
  }

  /** Revision 0 with its restore point and `design.saved`; the person becomes known if they were not. */
  async create({ person: scope, mode, name, doc }: CreateDesignRequest, context: RequestContext): Promise<ServiceReply<Design>> {
    const checked = designForMode(doc, mode);
    if (!checked.ok) return checked;
    const person = await this.people.known(scope, context);
    if (!person.ok) return person;
    return unlessErased(async () => ok(toDesign(await this.designs.create(person.value, { name, mode, doc }, context))));
  }

  /**
   * A person's save (`keepLocked`) leaves the stored design's locked rows as they are (409
   * row_locked names the row), judged in the save's transaction against the design as
   * stored, so a save that raced another is judged against what that one saved. Synced rows
   * are kept with their saved row's current content, whatever the save says, so an edit
   * never changes what the integrator syncs; the stored design's synced rows are judged with
   * the same content (read once), so an integrator's change to them meanwhile refuses nothing.
   */
  async save({ person: scope, designId, mode, name, doc, baseRevision, autosave, keepLocked }: SaveDesignRequest, context: RequestContext): Promise<ServiceReply<Design>> {
    const checked = designForMode(doc, mode);
    if (!checked.ok) return checked;
    const owner = await this.owner(scope);
    if (!owner.ok) return owner;
    const current = await this.syncedContent(owner.value, checked.value as unknown as CheckedDocument);
    const next = withSyncedRows(checked.value as unknown as CheckedDocument, current);
    const refuse = keepLocked ? (stored: DesignDocument) => lockedRowChange(withSyncedRows(stored as unknown as CheckedDocument, current), next) : undefined;
    return unlessErased(async () => {
      const outcome = await this.designs.save(owner.value, designId, { name, doc: next as unknown as DesignDocument, baseRevision, autosave, refuse }, context);
      if (!outcome) return designNotFound();
      if ('refused' in outcome) return fail(409, 'row_locked', `${outcome.refused}; nothing was saved (only the integrator’s server changes locked rows)`);
      if ('conflict' in outcome) {
        const stored = toDesign(outcome.conflict);
        return fail(409, 'revision_conflict', `the design was saved at revision ${stored.revision} since revision ${baseRevision}; nothing was saved`, { design: stored });
      }
      return ok(toDesign(outcome.saved));
    });
  }

  async delete({ person: scope, designId }: DesignRequest, context: RequestContext): Promise<ServiceReply<null>> {
    const owner = await this.owner(scope);
    if (!owner.ok) return owner;
    return unlessErased(async () => ((await this.designs.delete(owner.value, designId, context)) ? ok(null) : designNotFound()));
  }

  /** A page of the design's restore points, newest first, without documents. */
  async revisions({ person: scope, designId, limit, cursor }: ListRevisionsRequest): Promise<ServiceReply<RestorePointList>> {
    const owner = await this.owner(scope);
    if (!owner.ok) return owner;
    const list = pointsOf(owner.value, designId);
    const below = this.decoded(() => (cursor === undefined ? undefined : this.cursors.decodeRevision(cursor, list)));
    if (below instanceof CursorError) return fail(400, 'request_invalid', below.message);
    const page = await this.designs.restorePointPage(owner.value, designId, limit, below);
    if (!page) return designNotFound();
    const last = page.points.at(-1);
    return ok({ revisions: page.points.map(toRestorePointSummary), nextCursor: page.hasMore && last ? this.cursors.encodeRevision(last.revision, list) : null });
  }

  /** One restore point with its document. */
  async revision({ person: scope, designId, revision }: RevisionRequest): Promise<ServiceReply<UnparsedRestorePoint>> {
    const owner = await this.owner(scope);
    if (!owner.ok) return owner;
    const found = await this.designs.findRestorePoint(owner.value, designId, revision);
    if (!found) return designNotFound();
    return found.point ? ok(toUnparsedRestorePoint(found.point)) : revisionNotFound(revision);
  }

  /** Names one restore point (null takes the name away): a named point is kept through thinning. */
  async labelRevision({ person: scope, designId, revision, label }: LabelRevisionRequest, context: RequestContext): Promise<ServiceReply<RestorePointSummary>> {
    const owner = await this.owner(scope);
    if (!owner.ok) return owner;
    return unlessErased(async () => {
      const found = await this.designs.labelRestorePoint(owner.value, designId, revision, label, context);
      if (!found) return designNotFound();
      return found.point ? ok(toRestorePointSummary(found.point)) : revisionNotFound(revision);
    });
  }

  /** The design as last saved with its owner, or 404 exactly as if it did not exist. */
  async findOwned({ person: scope, designId }: DesignRequest): Promise<ServiceReply<OwnedDesign>> {
    const owner = await this.owner(scope);
    if (!owner.ok) return owner;
    const design = await this.designs.find(owner.value, designId);
    return design ? ok({ person: owner.value, design: { ...design, doc: await this.synced(owner.value, design.doc) } }) : designNotFound();
  }

  /** The document (one the design document's rules passed: stored, or checked) with its synced rows showing their saved rows' current content. */
  private async synced<D extends object>(scope: TenantScope, doc: D): Promise<D> {
    const checked = doc as unknown as CheckedDocument;
    return withSyncedRows(checked, await this.syncedContent(scope, checked)) as unknown as D;
  }

  /** The current content of the saved rows the document's synced rows name (none read when it names none). */
  private syncedContent(scope: TenantScope, doc: CheckedDocument): Promise<ReadonlyMap<string, Row>> {
    const ids = syncedRowIds(doc);
    return ids.length ? this.savedRows.syncedRows(scope, ids) : Promise.resolve(new Map());
  }

  /** A person never seen owns no design: every design of theirs is not found. */
  private async owner(scope: PersonScope): Promise<ServiceReply<KnownPerson>> {
    const person = await this.people.existing(scope);
    if (!person.ok) return person;
    return person.value ? ok(person.value) : designNotFound();
  }

  private positionOf(cursor: string | undefined, person: KnownPerson): KeysetPosition | undefined | CursorError {
    return this.decoded(() => (cursor === undefined ? undefined : this.cursors.decode(cursor, listOf(person))));
  }

  /** A cursor's position, or the CursorError that says why it is not one. */
  private decoded<T>(decode: () => T): T | CursorError {
    try {
      return decode();
    } catch (error) {
      if (error instanceof CursorError) return error;
      throw error;
    }
  }
}
