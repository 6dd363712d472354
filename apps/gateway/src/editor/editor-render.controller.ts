import { Controller, HttpCode } from '@nestjs/common';
import { type EditorRenderBody, EditorRenderBodySchema, type EditorSession, RENDER_DESIGN_SUBJECT, type RenderDesignRequest, type RenderedDesign, tenantOf } from '@embed/contracts';
import { Session } from '../auth/authenticated-request';
import { ServiceCalls } from '../services/call-service';
import { BodyOf } from '../http/inputs';
import { EditorEndpoint } from './editor-endpoint';
import { IdempotentPost } from '../idempotency/idempotent-post';

/**
 * The editor's desktop and phone previews: the renderer's real HTML of the document being
 * edited, by the token's project mode, as the server render does; nothing is stored.
 */
@Controller('editor/v1/render')
export class EditorRenderController {
  constructor(private readonly services: ServiceCalls) {}

  @IdempotentPost()
  @HttpCode(200)
  @EditorEndpoint('editorRender', {
    operationId: 'renderEditorDesign',
    summary: 'Renders the document being edited, for the editor’s preview; nothing is stored.',
    answers: { 200: 'Rendered' },
    errors: { 400: ['design_invalid'], 409: ['mode_unavailable'], 422: ['design_too_complex'] },
  })
  render(@Session() session: EditorSession, @BodyOf(EditorRenderBodySchema) body: EditorRenderBody): Promise<RenderedDesign> {
    const request: RenderDesignRequest = { tenant: tenantOf(session), mode: session.mode, doc: body.doc, designId: body.designId };
    return this.services.call(RENDER_DESIGN_SUBJECT, request);
  }
}
