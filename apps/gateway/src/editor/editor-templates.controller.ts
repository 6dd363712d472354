import { Controller, Get } from '@nestjs/common';
import {
  DEFAULT_PAGE_SIZE,
  type EditorSession,
  type ListQuery,
  ListQuerySchema,
  type ListTemplatesRequest,
  type Template,
  type TemplateList,
  type TemplateParams,
  TemplateParamsSchema,
  type TemplateRequest,
  TEMPLATES_SUBJECTS,
} from '@embed/contracts';
import { Session } from '../auth/authenticated-request';
import { ParamsOf, QueryOf } from '../http/inputs';
import { ServiceCalls } from '../services/call-service';
import { EditorEndpoint } from './editor-endpoint';
import { tenantScopeOf } from '../auth/tenant-scope';

/**
 * The project's templates as the editor reads them (its gallery of starts, and
 * `mount({templateId})`): those of the token's project and environment, read only; the
 * integrator's server keeps them (`/embed/v1/templates`).
 */
@Controller('editor/v1/templates')
export class EditorTemplatesController {
  constructor(private readonly services: ServiceCalls) {}

  @Get()
  @EditorEndpoint('editorRead', { operationId: 'listEditorTemplates', summary: 'The project’s templates, newest first, with their thumbnails.', answers: { 200: 'TemplateList' } })
  list(@Session() session: EditorSession, @QueryOf(ListQuerySchema) query: ListQuery): Promise<TemplateList> {
    const request: ListTemplatesRequest = { scope: tenantScopeOf(session), limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
    return this.services.call(TEMPLATES_SUBJECTS.list, request);
  }

  @Get(':templateId')
  @EditorEndpoint('editorRead', { operationId: 'getEditorTemplate', summary: 'One of the project’s templates with its document.', answers: { 200: 'Template' }, errors: { 404: ['template_not_found'] } })
  get(@Session() session: EditorSession, @ParamsOf(TemplateParamsSchema) params: TemplateParams): Promise<Template> {
    const request: TemplateRequest = { scope: tenantScopeOf(session), templateId: params.templateId };
    return this.services.call(TEMPLATES_SUBJECTS.get, request);
  }
}
