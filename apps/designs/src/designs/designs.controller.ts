import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DESIGNS_SUBJECTS } from '@embed/contracts';
import { whenValid } from '../common/payload-check';
import { checkCreateDesign, checkDesignRequest, checkListDesigns, checkSaveDesign } from './design-payloads';
import { DesignsService } from './designs.service';

@Controller()
export class DesignsController {
  constructor(private readonly designs: DesignsService) {}

  @MessagePattern(DESIGNS_SUBJECTS.list)
  list(@Payload() payload: unknown) {
    return whenValid(checkListDesigns(payload), (request) => this.designs.list(request));
  }

  @MessagePattern(DESIGNS_SUBJECTS.get)
  get(@Payload() payload: unknown) {
    return whenValid(checkDesignRequest(payload), (request) => this.designs.get(request));
  }

  @MessagePattern(DESIGNS_SUBJECTS.create)
  create(@Payload() payload: unknown) {
    return whenValid(checkCreateDesign(payload), (request) => this.designs.create(request));
  }

  @MessagePattern(DESIGNS_SUBJECTS.save)
  save(@Payload() payload: unknown) {
    return whenValid(checkSaveDesign(payload), (request) => this.designs.save(request));
  }

  @MessagePattern(DESIGNS_SUBJECTS.delete)
  delete(@Payload() payload: unknown) {
    return whenValid(checkDesignRequest(payload), (request) => this.designs.delete(request));
  }

  @MessagePattern(DESIGNS_SUBJECTS.revisions)
  revisions(@Payload() payload: unknown) {
    return whenValid(checkDesignRequest(payload), (request) => this.designs.revisions(request));
  }
}
