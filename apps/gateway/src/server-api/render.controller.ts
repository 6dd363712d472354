import { Controller, HttpCode } from '@nestjs/common';
import { type RenderBody, RenderBodySchema, RENDER_DESIGN_SUBJECT, type RenderDesignRequest, type RenderedDesign, tenantOf } from '@embed/contracts';
import type { KeyContext } from '@embed/data-access';
import { Key } from '../auth/authenticated-request';
import { ServiceCalls } from '../services/call-service';
import { BodyOf } from '../http/inputs';
import { EmbedEndpoint } from './embed-endpoint';
import { IdempotentPost } from '../idempotency/idempotent-post';
import { withCurrentSyncedRows } from './synced-rows-for-render';
import { tenantScopeOf } from '../auth/tenant-scope';

@Controller('embed/v1/render')
export class RenderController {
  constructor(private readonly services: ServiceCalls) {}

  /**
   * Spec 4.5: renders a document the integrator holds, by the project's mode; nothing is
   * stored. Its synced rows show their project rows' current content (docs/server-api.md, Saved rows).
   */
  @IdempotentPost()
  @HttpCode(200)
  @EmbedEndpoint('renderDesign', {
    summary: 'Renders a design document the integrator holds; nothing is stored (spec 4.5).',
    answers: { 200: 'Rendered' },
    errors: { 400: ['design_invalid'], 409: ['mode_unavailable'], 422: ['design_too_complex'] },
  })
  async render(@Key() key: KeyContext, @BodyOf(RenderBodySchema) body: RenderBody): Promise<RenderedDesign> {
    const { doc, warnings } = await withCurrentSyncedRows(this.services, tenantScopeOf(key), body.doc);
    const request: RenderDesignRequest = { tenant: tenantOf(key), mode: key.mode, doc, designId: body.designId, merge: body.merge, text: body.text, language: body.language };
    const rendered = await this.services.call(RENDER_DESIGN_SUBJECT, request);
    return warnings.length ? { ...rendered, warnings: [...warnings, ...rendered.warnings] } : rendered;
  }
}
