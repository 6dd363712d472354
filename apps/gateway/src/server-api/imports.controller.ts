import { Controller, HttpCode } from '@nestjs/common';
import { IMPORT_DESIGN_SUBJECT, type ImportBody, ImportBodySchema, type ImportDesignRequest, type ImportedDesign, tenantOf } from '@embed/contracts';
import type { KeyContext } from '@embed/data-access';
import { Key } from '../auth/authenticated-request';
import { IdempotentPost } from '../idempotency/idempotent-post';
import { ServiceCalls } from '../services/call-service';
import { BodyOf } from '../http/inputs';
import { EmbedEndpoint } from './embed-endpoint';

@Controller('embed/v1/imports')
export class ImportsController {
  constructor(private readonly services: ServiceCalls) {}

  /** contracts §8: another editor's design made into one of the project's mode; nothing is stored. */
  @IdempotentPost()
  @HttpCode(200)
  @EmbedEndpoint('importDesign', {
    summary: 'Makes a design document of the project’s mode from an Unlayer or Beefree design, MJML or HTML, with warnings naming what was lost; nothing is stored (contracts §8).',
    answers: { 200: 'ImportedDesign' },
    errors: { 422: ['source_unreadable', 'design_too_complex'] },
  })
  import(@Key() key: KeyContext, @BodyOf(ImportBodySchema) body: ImportBody): Promise<ImportedDesign> {
    const request: ImportDesignRequest = { tenant: tenantOf(key), mode: key.mode, format: body.format, source: body.source, mergeTags: body.mergeTags };
    return this.services.call(IMPORT_DESIGN_SUBJECT, request);
  }
}
