import { Controller } from '@nestjs/common';
import { IMPORT_DESIGN_SUBJECT, type ImportDesignRequest } from '@embed/contracts';
import { Handles } from '@embed/service-runtime';
import { importReply } from './import-reply';

/** contracts §8: imports are pure work bounded by the request's size, like a render, so the renderer's replicas do them. */
@Controller()
export class ImportsController {
  @Handles(IMPORT_DESIGN_SUBJECT)
  import(request: ImportDesignRequest) {
    return importReply(request);
  }
}
