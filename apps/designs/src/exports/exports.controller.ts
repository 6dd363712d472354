import { Controller } from '@nestjs/common';
import { DESIGNS_SUBJECTS, type ExportDesignRequest, type RequestContext } from '@embed/contracts';
import { Handles } from '@embed/service-runtime';
import { ExportDesign } from './export-design';

@Controller()
export class ExportsController {
  constructor(private readonly exportDesign: ExportDesign) {}

  @Handles(DESIGNS_SUBJECTS.export)
  export(request: ExportDesignRequest, context: RequestContext) {
    return this.exportDesign.execute(request, context);
  }
}
