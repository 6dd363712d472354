import { Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import {
  type CreateSavedRowRequest,
  DEFAULT_PAGE_SIZE,
  type ListQuery,
  ListQuerySchema,
  type ListSavedRowsRequest,
  type ProjectRowBody,
  ProjectRowBodySchema,
  type ReplaceSavedRowRequest,
  type SavedRow,
  type SavedRowList,
  type SavedRowParams,
  SavedRowParamsSchema,
  type SavedRowRequest,
  SAVED_ROWS_SUBJECTS,
} from '@embed/contracts';
import type { KeyContext } from '@embed/data-access';
import { Key } from '../auth/authenticated-request';
import { BodyOf, ParamsOf, QueryOf } from '../http/inputs';
import { IdempotentPost } from '../idempotency/idempotent-post';
import { ServiceCalls } from '../services/call-service';
import { EmbedEndpoint } from './embed-endpoint';
import { tenantScopeOf } from '../auth/tenant-scope';

/**
 * The project's rows in the key's environment (docs/server-api.md, Saved rows): header,
 * footer, legal text that every person of the project sees in the editor's Rows panel; the
 * integrator alone locks them, syncs them, changes and deletes them.
 */
@Controller('embed/v1/rows')
export class SavedRowsController {
  constructor(private readonly services: ServiceCalls) {}

  @Get()
  @EmbedEndpoint('listRows', { summary: 'The project’s rows in the key’s environment, newest first (people’s own rows are theirs alone).', answers: { 200: 'SavedRowList' } })
  list(@Key() key: KeyContext, @QueryOf(ListQuerySchema) query: ListQuery): Promise<SavedRowList> {
    const request: ListSavedRowsRequest = { scope: tenantScopeOf(key), limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
    return this.services.call(SAVED_ROWS_SUBJECTS.list, request);
  }

  @IdempotentPost()
  @HttpCode(201)
  @EmbedEndpoint('createRow', {
    summary: 'Publishes a project row (a row of a design of the project’s mode), locked or synced if asked.',
    answers: { 201: 'SavedRow' },
    errors: { 400: ['design_invalid'], 403: ['quota_exceeded'] },
  })
  create(@Key() key: KeyContext, @BodyOf(ProjectRowBodySchema) body: ProjectRowBody): Promise<SavedRow> {
    const request: CreateSavedRowRequest = { scope: tenantScopeOf(key), mode: key.mode, ...body };
    return this.services.call(SAVED_ROWS_SUBJECTS.create, request);
  }

  @Get(':rowId')
  @EmbedEndpoint('getRow', { summary: 'A project row.', answers: { 200: 'SavedRow' }, errors: { 404: ['saved_row_not_found'] } })
  get(@Key() key: KeyContext, @ParamsOf(SavedRowParamsSchema) params: SavedRowParams): Promise<SavedRow> {
    const request: SavedRowRequest = { scope: tenantScopeOf(key), rowId: params.rowId };
    return this.services.call(SAVED_ROWS_SUBJECTS.get, request);
  }

  @Put(':rowId')
  @EmbedEndpoint('replaceRow', {
    summary: 'Replaces a project row’s name, row and flags; designs holding it synced show the new row from their next read, render or export.',
    answers: { 200: 'SavedRow' },
    errors: { 400: ['design_invalid'], 404: ['saved_row_not_found'] },
  })
  replace(@Key() key: KeyContext, @ParamsOf(SavedRowParamsSchema) params: SavedRowParams, @BodyOf(ProjectRowBodySchema) body: ProjectRowBody): Promise<SavedRow> {
    const request: ReplaceSavedRowRequest = { scope: tenantScopeOf(key), mode: key.mode, rowId: params.rowId, ...body };
    return this.services.call(SAVED_ROWS_SUBJECTS.replace, request);
  }

  @Delete(':rowId')
  @HttpCode(204)
  @EmbedEndpoint('deleteRow', { summary: 'Deletes a project row; designs keep their copies (a synced one its last).', answers: { 204: null }, errors: { 404: ['saved_row_not_found'] } })
  async delete(@Key() key: KeyContext, @ParamsOf(SavedRowParamsSchema) params: SavedRowParams): Promise<void> {
    const request: SavedRowRequest = { scope: tenantScopeOf(key), rowId: params.rowId };
    await this.services.call(SAVED_ROWS_SUBJECTS.delete, request);
  }
}
