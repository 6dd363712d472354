import { Controller, Delete, Get, Header, HttpCode, Put } from '@nestjs/common';
import {
  type CreateDesignBody,
  CreateDesignBodySchema,
  DEFAULT_PAGE_SIZE,
  type DesignIdParams,
  DesignIdParamsSchema,
  type EditorExportBody,
  EditorExportBodySchema,
  type ListQuery,
  ListQuerySchema,
  type LabelRevisionBody,
  LabelRevisionBodySchema,
  type RevisionParams,
  RevisionParamsSchema,
  type SaveDesignBody,
  SaveDesignBodySchema,
  type CreateDesignRequest,
  type Design,
  type DesignList,
  type DesignRequest,
  designJson,
  DESIGNS_SUBJECTS,
  type EditorSession,
  type ExportDesignRequest,
  type FileExport,
  type HtmlExport,
  type ListDesignsRequest,
  type LabelRevisionRequest,
  type ListRevisionsRequest,
  type RestorePointList,
  type RestorePointSummary,
  type RevisionRequest,
  type SaveDesignRequest,
} from '@embed/contracts';
import { Session } from '../auth/authenticated-request';
import { BodyOf, ParamsOf, QueryOf } from '../http/inputs';
import type { ErrorAnswers } from '../openapi/operation-doc';
import { ServiceCalls } from '../services/call-service';
import { EditorEndpoint } from './editor-endpoint';
import { IdempotentPost } from '../idempotency/idempotent-post';

const NOT_FOUND: ErrorAnswers = { 404: ['design_not_found'], 409: ['user_erased'] };

const person = ({ projectId, environment, userId }: EditorSession) => ({ projectId, environment, userId });

/** contracts section 3: what the embedded editor calls with a token, for its one person. */
@Controller('editor/v1/designs')
export class EditorDesignsController {
  constructor(private readonly services: ServiceCalls) {}

  @IdempotentPost()
  @HttpCode(201)
  @EditorEndpoint('editorWrite', {
    operationId: 'createEditorDesign',
    summary: 'Creates a design of the project’s mode, within the person’s and the project’s design quotas.',
    answers: { 201: 'Design' },
    errors: { 400: ['design_invalid'], 403: ['quota_exceeded'], 409: ['mode_unavailable', 'user_erased'] },
  })
  create(@Session() session: EditorSession, @BodyOf(CreateDesignBodySchema) body: CreateDesignBody): Promise<Design> {
    const request: CreateDesignRequest = { person: person(session), mode: session.mode, name: body.name, doc: body.doc };
    return this.services.call(DESIGNS_SUBJECTS.create, request);
  }

  @Get()
  @EditorEndpoint('editorRead', { operationId: 'listEditorDesigns', summary: 'The person’s designs, newest first.', answers: { 200: 'DesignList' }, errors: { 409: ['user_erased'] } })
  list(@Session() session: EditorSession, @QueryOf(ListQuerySchema) query: ListQuery): Promise<DesignList> {
    const request: ListDesignsRequest = { person: person(session), limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
    return this.services.call(DESIGNS_SUBJECTS.list, request);
  }

  @Get(':id')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @EditorEndpoint('editorRead', { operationId: 'getEditorDesign', summary: 'A design with its document.', answers: { 200: 'Design' }, errors: NOT_FOUND })
  async get(@Session() session: EditorSession, @ParamsOf(DesignIdParamsSchema) params: DesignIdParams): Promise<string> {
    const request: DesignRequest = { person: person(session), designId: params.id };
    return designJson(await this.services.call(DESIGNS_SUBJECTS.get, request));
  }

  @Put(':id')
  @EditorEndpoint('editorWrite', {
    operationId: 'saveEditorDesign',
    summary: 'Saves a design: a higher revision, and a restore point of the one before.',
    answers: { 200: 'Design' },
    errors: { ...NOT_FOUND, 400: ['design_invalid'], 409: ['mode_unavailable', 'user_erased', 'revision_conflict', 'row_locked'] },
  })
  save(@Session() session: EditorSession, @ParamsOf(DesignIdParamsSchema) params: DesignIdParams, @BodyOf(SaveDesignBodySchema) body: SaveDesignBody): Promise<Design> {
    const request: SaveDesignRequest = {
      person: person(session),
      designId: params.id,
      mode: session.mode,
      name: body.name,
      doc: body.doc,
      baseRevision: body.baseRevision,
      autosave: body.autosave,
      keepLocked: true,
    };
    return this.services.call(DESIGNS_SUBJECTS.save, request);
  }

  @Delete(':id')
  @HttpCode(204)
  @EditorEndpoint('editorWrite', { operationId: 'deleteEditorDesign', summary: 'Deletes a design.', answers: { 204: null }, errors: NOT_FOUND })
  async delete(@Session() session: EditorSession, @ParamsOf(DesignIdParamsSchema) params: DesignIdParams): Promise<void> {
    const request: DesignRequest = { person: person(session), designId: params.id };
    await this.services.call(DESIGNS_SUBJECTS.delete, request);
  }

  @Get(':id/revisions')
  @EditorEndpoint('editorRead', {
    operationId: 'listEditorRevisions',
    summary: 'The design’s restore points, newest first, without their documents.',
    answers: { 200: 'RestorePointList' },
    errors: NOT_FOUND,
  })
  revisions(@Session() session: EditorSession, @ParamsOf(DesignIdParamsSchema) params: DesignIdParams, @QueryOf(ListQuerySchema) query: ListQuery): Promise<RestorePointList> {
    const request: ListRevisionsRequest = { person: person(session), designId: params.id, limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
    return this.services.call(DESIGNS_SUBJECTS.revisions, request);
  }

  @Get(':id/revisions/:revision')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @EditorEndpoint('editorRead', {
    operationId: 'getEditorRevision',
    summary: 'One restore point with its document.',
    answers: { 200: 'RestorePoint' },
    errors: { 404: ['design_not_found', 'revision_not_found'], 409: ['user_erased'] },
  })
  async revision(@Session() session: EditorSession, @ParamsOf(RevisionParamsSchema) params: RevisionParams): Promise<string> {
    const request: RevisionRequest = { person: person(session), designId: params.id, revision: params.revision };
    return designJson(await this.services.call(DESIGNS_SUBJECTS.revision, request));
  }

  @Put(':id/revisions/:revision')
  @EditorEndpoint('editorWrite', {
    operationId: 'labelEditorRevision',
    summary: 'Names a restore point (`null` takes the name away); a named point is kept through thinning, within the design’s cap.',
    answers: { 200: 'RestorePointSummary' },
    errors: { 404: ['design_not_found', 'revision_not_found'], 409: ['user_erased'] },
  })
  labelRevision(@Session() session: EditorSession, @ParamsOf(RevisionParamsSchema) params: RevisionParams, @BodyOf(LabelRevisionBodySchema) body: LabelRevisionBody): Promise<RestorePointSummary> {
    const request: LabelRevisionRequest = { person: person(session), designId: params.id, revision: params.revision, label: body.label };
    return this.services.call(DESIGNS_SUBJECTS.labelRevision, request);
  }

  @IdempotentPost(':id/export')
  @HttpCode(200)
  @EditorEndpoint('editorExport', {
    operationId: 'exportEditorDesign',
    summary: 'Exports a design as the server export does; `text` answers an HtmlExport, and so does `mjml` (an email’s only), with the MJML in its `mjml`.',
    answers: { 200: 'Export' },
    errors: { ...NOT_FOUND, 409: ['mode_unavailable', 'user_erased'], 422: ['design_too_complex'] },
  })
  export(@Session() session: EditorSession, @ParamsOf(DesignIdParamsSchema) params: DesignIdParams, @BodyOf(EditorExportBodySchema) body: EditorExportBody): Promise<HtmlExport | FileExport> {
    const request: ExportDesignRequest = { person: person(session), designId: params.id, format: body.format, source: 'editor' };
    return this.services.call(DESIGNS_SUBJECTS.export, request);
  }
}
