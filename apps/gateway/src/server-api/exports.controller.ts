import { Controller, HttpCode } from '@nestjs/common';
import { type DesignIdParams, DesignIdParamsSchema, DESIGNS_SUBJECTS, type ExportBody, ExportBodySchema, type ExportDesignRequest, type FileExport, type HtmlExport } from '@embed/contracts';
import type { KeyContext } from '@embed/data-access';
import { Key } from '../auth/authenticated-request';
import { ServiceCalls } from '../services/call-service';
import { BodyOf, ParamsOf } from '../http/inputs';
import { EmbedEndpoint } from './embed-endpoint';
import { IdempotentPost } from '../idempotency/idempotent-post';
import { tenantScopeOf } from '../auth/tenant-scope';

@Controller('embed/v1/designs/:id/export')
export class ExportsController {
  constructor(private readonly services: ServiceCalls) {}

  /** Spec 4.4: one person's design as last saved; recorded and reported as `export.created`. */
  @IdempotentPost()
  @HttpCode(200)
  @EmbedEndpoint('exportDesign', {
    summary: 'Exports a person’s design: HtmlExport for html, FileExport for zip, pdf or png (spec 4.4).',
    answers: { 200: 'Export' },
    errors: { 404: ['design_not_found'], 409: ['mode_unavailable', 'user_erased'], 422: ['design_too_complex'] },
  })
  export(@Key() key: KeyContext, @ParamsOf(DesignIdParamsSchema) params: DesignIdParams, @BodyOf(ExportBodySchema) body: ExportBody): Promise<HtmlExport | FileExport> {
    const request: ExportDesignRequest = {
      person: { ...tenantScopeOf(key), userId: body.user.id },
      designId: params.id,
      format: body.format ?? 'html',
      source: 'server',
      merge: body.merge,
      text: body.text,
      fullPage: body.fullPage,
      language: body.language,
      allLanguages: body.allLanguages,
    };
    return this.services.call(DESIGNS_SUBJECTS.export, request);
  }
}
