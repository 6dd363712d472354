import { Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import {
  type CreateSavedRowRequest,
  DEFAULT_PAGE_SIZE,
  type EditorRowBody,
  EditorRowBodySchema,
  type EditorSession,
  type ListQuery,
  ListQuerySchema,
  type ListSavedRowsRequest,
  type RenameRowBody,
  RenameRowBodySchema,
  type RenameSavedRowRequest,
  type SavedRow,
  type SavedRowList,
  type SavedRowParams,
  SavedRowParamsSchema,
  type SavedRowRequest,
  SAVED_ROWS_SUBJECTS,
} from '@embed/contracts';
import { Session } from '../auth/authenticated-request';
import { BodyOf, ParamsOf, QueryOf } from '../http/inputs';
import { ServiceCalls } from '../services/call-service';
import { EditorEndpoint } from './editor-endpoint';
import { IdempotentPost } from '../idempotency/idempotent-post';
import { tenantScopeOf } from '../auth/tenant-scope';

const NOT_FOUND = { 404: ['saved_row_not_found' as const] };

/**
 * The editor's Rows panel: the project's rows (read only) and the token's person's own,
 * which they save, rename and delete. The integrator's server keeps the project's rows
 * (`/embed/v1/rows`).
 */
@Controller('editor/v1/rows')
export class EditorSavedRowsController {
  constructor(private readonly services: ServiceCalls) {}

  @Get()
  @EditorEndpoint('editorRead', { operationId: 'listEditorRows', summary: 'The project’s rows and the person’s own, newest first.', answers: { 200: 'SavedRowList' } })
  list(@Session() session: EditorSession, @QueryOf(ListQuerySchema) query: ListQuery): Promise<SavedRowList> {
    const request: ListSavedRowsRequest = { scope: tenantScopeOf(session), userId: session.userId, limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
    return this.services.call(SAVED_ROWS_SUBJECTS.list, request);
  }

  @IdempotentPost()
  @HttpCode(201)
  @EditorEndpoint('editorWrite', {
    operationId: 'createEditorRow',
    summary: 'Saves a row (with its columns and blocks) to the person’s own rows.',
    answers: { 201: 'SavedRow' },
    errors: { 400: ['design_invalid'], 403: ['quota_exceeded'], 409: ['user_erased'] },
  })
  create(@Session() session: EditorSession, @BodyOf(EditorRowBodySchema) body: EditorRowBody): Promise<SavedRow> {
    const request: CreateSavedRowRequest = { scope: tenantScopeOf(session), mode: session.mode, userId: session.userId, name: body.name, row: body.row };
    return this.services.call(SAVED_ROWS_SUBJECTS.create, request);
  }

  @Put(':rowId')
  @EditorEndpoint('editorWrite', { operationId: 'renameEditorRow', summary: 'Renames a row of the person’s own.', answers: { 200: 'SavedRow' }, errors: NOT_FOUND })
  rename(@Session() session: EditorSession, @ParamsOf(SavedRowParamsSchema) params: SavedRowParams, @BodyOf(RenameRowBodySchema) body: RenameRowBody): Promise<SavedRow> {
    const request: RenameSavedRowRequest = { scope: tenantScopeOf(session), rowId: params.rowId, userId: session.userId, name: body.name };
    return this.services.call(SAVED_ROWS_SUBJECTS.rename, request);
  }

  @Delete(':rowId')
  @HttpCode(204)
  @EditorEndpoint('editorWrite', { operationId: 'deleteEditorRow', summary: 'Deletes a row of the person’s own; designs keep their copies.', answers: { 204: null }, errors: NOT_FOUND })
  async delete(@Session() session: EditorSession, @ParamsOf(SavedRowParamsSchema) params: SavedRowParams): Promise<void> {
    const request: SavedRowRequest = { scope: tenantScopeOf(session), rowId: params.rowId, userId: session.userId };
    await this.services.call(SAVED_ROWS_SUBJECTS.delete, request);
  }
}
