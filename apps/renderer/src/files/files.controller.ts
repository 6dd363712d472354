import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RENDER_FILE_SUBJECT, type RenderFileReply } from '@embed/contracts';
import { timeFile } from './file-metrics';
import { FilesService } from './files.service';

@Controller()
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @MessagePattern(RENDER_FILE_SUBJECT)
  makeFile(@Payload() payload: unknown): Promise<RenderFileReply> {
    return timeFile(payload, () => this.files.makeFile(payload));
  }
}
