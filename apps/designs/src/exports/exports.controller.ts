import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DESIGNS_SUBJECTS } from '@embed/contracts';
import { whenValid } from '../common/payload-check';
import { checkExportDesign } from './export-payloads';
import { ExportsService } from './exports.service';

@Controller()
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @MessagePattern(DESIGNS_SUBJECTS.export)
  export(@Payload() payload: unknown) {
    return whenValid(checkExportDesign(payload), (request) => this.exports.export(request));
  }
}
