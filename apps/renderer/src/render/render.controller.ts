import { Controller } from '@nestjs/common';
import { RENDER_DESIGN_SUBJECT, type RequestContext, type RenderDesignRequest } from '@embed/contracts';
import { Handles } from '@embed/service-runtime';
import { RenderService } from './render.service';

@Controller()
export class RenderController {
  constructor(private readonly renderer: RenderService) {}

  @Handles(RENDER_DESIGN_SUBJECT)
  render(request: RenderDesignRequest, context: RequestContext) {
    return this.renderer.render(request, context.deadline);
  }
}
