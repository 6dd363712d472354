import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RENDER_DESIGN_SUBJECT, type RenderDesignReply } from '@embed/contracts';
import { RenderService } from './render.service';

@Controller()
export class RenderController {
  constructor(private readonly renderer: RenderService) {}

  @MessagePattern(RENDER_DESIGN_SUBJECT)
  render(@Payload() payload: unknown): RenderDesignReply {
    return this.renderer.render(payload);
  }
}
