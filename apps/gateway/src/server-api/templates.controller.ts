import { Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import {
  type CreateDesignBody,
  CreateDesignBodySchema,
  type CreateTemplateRequest,
  DEFAULT_PAGE_SIZE,
  type ListQuery,
  ListQuerySchema,
  type TemplateParams,
  TemplateParamsSchema,
  type ListTemplatesRequest,
  type ReplaceTemplateRequest,
  type Template,
  type TemplateList,
  type TemplateRequest,
  TEMPLATES_SUBJECTS,
} from '@embed/contracts';
import type { KeyContext } from '@embed/data-access';
import { Key } from '../auth/authenticated-request';
import { BodyOf, ParamsOf, QueryOf } from '../http/inputs';
import { IdempotentPost } from '../idempotency/idempotent-post';
import type { ErrorAnswers } from '../openapi/operation-doc';
import { ServiceCalls } from '../services/call-service';
import { EmbedEndpoint } from './embed-endpoint';
import { tenantScopeOf } from '../auth/tenant-scope';

/** What making a template's thumbnail can answer: a document that is not one of the project's mode, or too costly to render. */
const CONTENT_ERRORS: ErrorAnswers = { 400: ['design_invalid'], 409: ['mode_unavailable'], 422: ['design_too_complex'] };

/**
 * The project's templates in the key's environment (docs/server-api.md, Templates): the
 * integrator's server keeps them, the editor offers them to the project's people as a start.
 */
@Controller('embed/v1/templates')
export class TemplatesController {
  constructor(private readonly services: ServiceCalls) {}

  @Get()
  @EmbedEndpoint('listTemplates', { summary: 'The project’s templates in the key’s environment, newest first.', answers: { 200: 'TemplateList' } })
  list(@Key() key: KeyContext, @QueryOf(ListQuerySchema) query: ListQuery): Promise<TemplateList> {
    const request: ListTemplatesRequest = { scope: tenantScopeOf(key), limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
    return this.services.call(TEMPLATES_SUBJECTS.list, request);
  }

  @IdempotentPost()
  @HttpCode(201)
  @EmbedEndpoint('createTemplate', {
    summary: 'Creates a template of the project’s mode from a name and a document; the renderer makes its thumbnail.',
    answers: { 201: 'Template' },
    errors: { ...CONTENT_ERRORS, 403: ['quota_exceeded'] },
  })
  create(@Key() key: KeyContext, @BodyOf(CreateDesignBodySchema) body: CreateDesignBody): Promise<Template> {
    const request: CreateTemplateRequest = { scope: tenantScopeOf(key), mode: key.mode, name: body.name, doc: body.doc };
    return this.services.call(TEMPLATES_SUBJECTS.create, request);
  }

  @Get(':templateId')
  @EmbedEndpoint('getTemplate', { summary: 'A template with its document.', answers: { 200: 'Template' }, errors: { 404: ['template_not_found'] } })
  get(@Key() key: KeyContext, @ParamsOf(TemplateParamsSchema) params: TemplateParams): Promise<Template> {
    const request: TemplateRequest = { scope: tenantScopeOf(key), templateId: params.templateId };
    return this.services.call(TEMPLATES_SUBJECTS.get, request);
  }

  @Put(':templateId')
  @EmbedEndpoint('replaceTemplate', {
    summary: 'Replaces a template’s name and document; the renderer makes its new thumbnail.',
    answers: { 200: 'Template' },
    errors: { ...CONTENT_ERRORS, 404: ['template_not_found'] },
  })
  replace(@Key() key: KeyContext, @ParamsOf(TemplateParamsSchema) params: TemplateParams, @BodyOf(CreateDesignBodySchema) body: CreateDesignBody): Promise<Template> {
    const request: ReplaceTemplateRequest = { scope: tenantScopeOf(key), templateId: params.templateId, mode: key.mode, name: body.name, doc: body.doc };
    return this.services.call(TEMPLATES_SUBJECTS.replace, request);
  }

  @Delete(':templateId')
  @HttpCode(204)
  @EmbedEndpoint('deleteTemplate', { summary: 'Deletes a template and its thumbnail; designs started from it keep their documents.', answers: { 204: null }, errors: { 404: ['template_not_found'] } })
  async delete(@Key() key: KeyContext, @ParamsOf(TemplateParamsSchema) params: TemplateParams): Promise<void> {
    const request: TemplateRequest = { scope: tenantScopeOf(key), templateId: params.templateId };
    await this.services.call(TEMPLATES_SUBJECTS.delete, request);
  }
}
