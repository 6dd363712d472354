import { Body, Controller, Delete, Get, Header, HttpCode, Param, Put, Query } from '@nestjs/common';
import {
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
  type ListRevisionsRequest,
  type RestorePointList,
  type RevisionRequest,
  type SaveDesignRequest,
} from '@embed/contracts';
import { Session } from '../auth/request-context';
import { DEFAULT_PAGE_SIZE, DesignIdParams, ListQuery } from '../embed/dto/common.dto';
import type { ErrorAnswers } from '../openapi/operation-doc';
import { ServiceCalls } from '../services/call-service';
import { CreateDesignDto } from '../embed/dto/create-design.dto';
import { RevisionParams, SaveDesignDto } from './dto/design-body.dto';
import { EditorExportDto } from './dto/editor-export.dto';
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
  create(@Session() session: EditorSession, @Body() body: CreateDesignDto): Promise<Design> {
    const request: CreateDesignRequest = { person: person(session), mode: session.mode, name: body.name, doc: body.doc };
    return this.services.call(DESIGNS_SUBJECTS.create, request);
  }

  @Get()
  @EditorEndpoint('editorRead', { operationId: 'listEditorDesigns', summary: 'The person’s designs, newest first.', answers: { 200: 'DesignList' }, errors: { 409: ['user_erased'] } })
  list(@Session() session: EditorSession, @Query() query: ListQuery): Promise<DesignList> {
    const request: ListDesignsRequest = { person: person(session), limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
    return this.services.call(DESIGNS_SUBJECTS.list, request);
  }

  @Get(':id')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @EditorEndpoint('editorRead', { operationId: 'getEditorDesign', summary: 'A design with its document.', answers: { 200: 'Design' }, errors: NOT_FOUND })
  async get(@Session() session: EditorSession, @Param() params: DesignIdParams): Promise<string> {
    const request: DesignRequest = { person: person(session), designId: params.id };
    return designJson(await this.services.call(DESIGNS_SUBJECTS.get, request));
  }

  @Put(':id')
  @EditorEndpoint('editorWrite', {
    operationId: 'saveEditorDesign',
    summary: 'Saves a design: a higher revision, and a restore point of the one before.',
    answers: { 200: 'Design' },
    errors: { ...NOT_FOUND, 400: ['design_invalid'], 409: ['mode_unavailable', 'user_erased', 'revision_conflict'] },
  })
  save(@Session() session: EditorSession, @Param() params: DesignIdParams, @Body() body: SaveDesignDto): Promise<Design> {
    const request: SaveDesignRequest = {
      person: person(session),
      designId: params.id,
      mode: session.mode,
      name: body.name,
      doc: body.doc,
      baseRevision: body.baseRevision,
      autosave: body.autosave,
    };
    return this.services.call(DESIGNS_SUBJECTS.save, request);
  }

  @Delete(':id')
  @HttpCode(204)
  @EditorEndpoint('editorWrite', { operationId: 'deleteEditorDesign', summary: 'Deletes a design.', answers: { 204: null }, errors: NOT_FOUND })
  async delete(@Session() session: EditorSession, @Param() params: DesignIdParams): Promise<void> {
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
  revisions(@Session() session: EditorSession, @Param() params: DesignIdParams, @Query() query: ListQuery): Promise<RestorePointList> {
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
  async revision(@Session() session: EditorSession, @Param() params: RevisionParams): Promise<string> {
    const request: RevisionRequest = { person: person(session), designId: params.id, revision: params.revision };
    return designJson(await this.services.call(DESIGNS_SUBJECTS.revision, request));
  }

  @IdempotentPost(':id/export')
  @HttpCode(200)
  @EditorEndpoint('editorExport', {
    operationId: 'exportEditorDesign',
    summary: 'Exports a design as the server export does; `text` answers an HtmlExport, and so does `mjml` (an email’s only), with the MJML in its `mjml`.',
    answers: { 200: 'Export' },
    errors: { ...NOT_FOUND, 409: ['mode_unavailable', 'user_erased'], 422: ['design_too_complex'] },
  })
  export(@Session() session: EditorSession, @Param() params: DesignIdParams, @Body() body: EditorExportDto): Promise<HtmlExport | FileExport> {
    const request: ExportDesignRequest = { person: person(session), designId: params.id, format: body.format, source: 'editor' };
    return this.services.call(DESIGNS_SUBJECTS.export, request);
  }
}
