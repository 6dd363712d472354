import { Controller } from '@nestjs/common';
import { IMPORT_DESIGN_SUBJECT, type ImportDesignRequest, type RequestContext } from '@embed/contracts';
import { Handles } from '@embed/service-runtime';
import { ImportsService } from './imports.service';

/** contracts §8: imports are pure work bounded by the request's size, like a render, so the renderer's replicas do them, on its render workers. */
@Controller()
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Handles(IMPORT_DESIGN_SUBJECT)
  import(request: ImportDesignRequest, context: RequestContext) {
    return this.imports.import(request, context.deadline);
  }
}
