import { Controller } from '@nestjs/common';
import { RENDER_FILE_SUBJECT, type RenderFileRequest, type RequestContext } from '@embed/contracts';
import { Handles } from '@embed/service-runtime';
import { timeFile } from './file-metrics';
import { FilesService } from './files.service';

@Controller()
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Handles(RENDER_FILE_SUBJECT)
  makeFile(request: RenderFileRequest, context: RequestContext) {
    return timeFile(request, () => this.files.makeFile(request, context.deadline));
  }
}
