import { Injectable } from '@nestjs/common';
import {
  type CreateSavedRowRequest,
  fail,
  type ListSavedRowsRequest,
  MAX_SAVED_ROWS,
  ok,
  type RenameSavedRowRequest,
  type ReplaceSavedRowRequest,
  type RequestContext,
  type SavedRow,
  type SavedRowList,
  type SavedRowRequest,
  type ServiceReply,
  type SyncedRows,
  type SyncedRowsRequest,
  type TenantScope,
} from '@embed/contracts';
import { SavedRowLimitError, type SavedRowRecord, SavedRowsRepository } from '@embed/data-access';
import { type DesignMode, validateRow } from '@embed/design-document';
import { CursorError, KeysetCursorCodec } from '@embed/paging';
import { unlessErased } from '../common/replies';
import { PeopleService } from '../people/people.service';

export const savedRowNotFound = (reader: 'project' | 'person') =>
  fail(404, 'saved_row_not_found', reader === 'project' ? 'no project row with that id is this project’s in this environment' : 'no saved row with that id is this person’s to change (project rows are the integrator’s)');

/** The list a cursor is valid for: the project's rows, or those a person sees (by our own id, so a cursor dies with an erasure). */
const listOf = ({ projectId, environment }: TenantScope, personId: string | null) => JSON.stringify(['saved-rows', projectId, environment, personId]);

const toSavedRow = ({ personId, createdAt, updatedAt, ...record }: SavedRowRecord): SavedRow => ({
  ...record,
  owner: personId === null ? 'project' : 'person',
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

/**
 * A row a design of the project's mode can hold, or 400 design_invalid naming the path from
 * `$.row`. What a design's copy says of the library (locked, synced) is the saved row's to
 * say, so a row saved from a design leaves it behind.
 */
function checkedRow(row: unknown, mode: DesignMode) {
  const validation = validateRow(row, mode);
  if (!validation.valid) return fail(400, 'design_invalid', `row is not a row of a ${mode} design: ${validation.errors.join('; ')}`);
  const { locked: _locked, syncedRowId: _synced, ...content } = validation.row;
  return ok(content);
}

/**
 * Saved rows (docs/server-api.md, Saved rows): the project's rows, which the integrator's
 * server keeps and may lock or sync, and each person's own, which they save from the editor.
 */
@Injectable()
export class SavedRowsService {
  constructor(
    private readonly rows: SavedRowsRepository,
    private readonly people: PeopleService,
    private readonly cursors: KeysetCursorCodec,
  ) {}

  /** The current content of the project's synced rows among `rowIds`, for a render of a document that names them (never another project's or environment's). */
  async synced({ scope, rowIds }: SyncedRowsRequest): Promise<ServiceReply<SyncedRows>> {
    return ok({ rows: [...(await this.rows.syncedRows(scope, rowIds))].map(([id, row]) => ({ id, row })) });
  }

  async list({ scope, userId, limit, cursor }: ListSavedRowsRequest): Promise<ServiceReply<SavedRowList>> {
    const reader = await this.reader(scope, userId);
    if (!reader.ok) return reader;
    const list = listOf(scope, reader.value);
    let after;
    try {
      after = cursor === undefined ? undefined : this.cursors.decode(cursor, list);
    } catch (error) {
      if (error instanceof CursorError) return fail(400, 'request_invalid', error.message);
      throw error;
    }
    const page = await this.rows.listPage(scope, reader.value, limit, after);
    const last = page.rows.at(-1);
    return ok({ rows: page.rows.map(toSavedRow), nextCursor: page.hasMore && last ? this.cursors.encode(last, list) : null });
  }

  async get({ scope, rowId, userId }: SavedRowRequest): Promise<ServiceReply<SavedRow>> {
    const reader = await this.reader(scope, userId);
    if (!reader.ok) return reader;
    const found = await this.rows.find(scope, rowId, reader.value);
    return found ? ok(toSavedRow(found)) : savedRowNotFound(userId === undefined ? 'project' : 'person');
  }

  /** A project row (no `userId`), or a row of the person's own, made known first if need be. */
  async create({ scope, mode, userId, name, row, locked, synced }: CreateSavedRowRequest, context: RequestContext): Promise<ServiceReply<SavedRow>> {
    const checked = checkedRow(row, mode);
    if (!checked.ok) return checked;
    let personId: string | null = null;
    if (userId !== undefined) {
      const person = await this.people.known({ ...scope, userId }, context);
      if (!person.ok) return person;
      personId = person.value.personId;
    }
    const content = { name, row: checked.value, locked: personId === null && locked === true, synced: personId === null && synced === true };
    const limit = personId === null ? MAX_SAVED_ROWS.project : MAX_SAVED_ROWS.person;
    return unlessErased(async () => {
      try {
        return ok(toSavedRow(await this.rows.create(scope, personId, content, limit, context)));
      } catch (error) {
        if (!(error instanceof SavedRowLimitError)) throw error;
        const quota = personId === null ? 'projectSavedRows' : 'personSavedRows';
        const whose = personId === null ? 'this project may keep' : 'a person may keep';
        return fail(403, 'quota_exceeded', `quota ${quota} reached: ${whose} ${error.limit} saved rows in this environment; nothing was stored (delete a row)`, { quota, limit: error.limit });
      }
    });
  }

  /** A project row's new name, row and flags: designs holding it synced show the new row from their next read or render. */
  async replace({ scope, mode, rowId, name, row, locked, synced }: ReplaceSavedRowRequest): Promise<ServiceReply<SavedRow>> {
    const checked = checkedRow(row, mode);
    if (!checked.ok) return checked;
    const replaced = await this.rows.update(scope, rowId, null, { name, row: checked.value, locked: locked === true, synced: synced === true });
    return replaced ? ok(toSavedRow(replaced)) : savedRowNotFound('project');
  }

  async rename({ scope, rowId, userId, name }: RenameSavedRowRequest): Promise<ServiceReply<SavedRow>> {
    const owner = await this.reader(scope, userId);
    if (!owner.ok) return owner;
    const renamed = owner.value === null ? null : await this.rows.update(scope, rowId, owner.value, { name });
    return renamed ? ok(toSavedRow(renamed)) : savedRowNotFound('person');
  }

  /** With `userId`, a row of the person's own; without, a project row. Designs keep their copies (a synced one its last). */
  async delete({ scope, rowId, userId }: SavedRowRequest): Promise<ServiceReply<null>> {
    const owner = await this.reader(scope, userId);
    if (!owner.ok) return owner;
    const deleted = (userId === undefined || owner.value !== null) && (await this.rows.delete(scope, rowId, owner.value));
    return deleted ? ok(null) : savedRowNotFound(userId === undefined ? 'project' : 'person');
  }

  /** Whose rows a request reads: null for the project's alone (no person, or one never seen, who owns none), else the person's id. */
  private async reader(scope: TenantScope, userId: string | undefined): Promise<ServiceReply<string | null>> {
    if (userId === undefined) return ok(null);
    const person = await this.people.existing({ ...scope, userId });
    if (!person.ok) return person;
    return ok(person.value?.personId ?? null);
  }
}
