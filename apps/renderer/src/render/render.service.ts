import { Injectable } from '@nestjs/common';
import { fail, ok, type RenderDesignReply } from '@embed/contracts';
import { modeMismatch, validateDesign } from '@embed/design-document';
import { finishRender } from '@embed/render-core';
import { LayoutCache } from './layout-cache';
import { isRenderRequest, renderRequestProblem } from './render-request.schema';

/** Answers a render request: validate, check the mode, lay out (cached), merge. */
@Injectable()
export class RenderService {
  constructor(private readonly cache: LayoutCache) {}

  render(payload: unknown): RenderDesignReply {
    if (!isRenderRequest(payload)) return fail(400, 'request_invalid', renderRequestProblem(payload) ?? 'request is not valid');
    const validation = validateDesign(payload.doc);
    if (!validation.valid) return fail(400, 'design_invalid', `doc is not a design: ${validation.errors.join('; ')}`);
    const mismatch = modeMismatch(validation.document, payload.mode);
    if (mismatch) return fail(409, 'mode_unavailable', mismatch);
    const layout = this.cache.layout(validation.document, payload.designId);
    return ok(finishRender(layout, { merge: payload.merge, text: payload.text }));
  }
}
