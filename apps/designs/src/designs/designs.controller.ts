import { Controller } from '@nestjs/common';
import {
  type CreateDesignRequest,
  type DesignRequest,
  DESIGNS_SUBJECTS,
  type ListDesignsRequest,
  type ListRevisionsRequest,
  type RequestContext,
  type LabelRevisionRequest,
  type RevisionRequest,
  type SaveDesignRequest,
} from '@embed/contracts';
import { Handles } from '@embed/service-runtime';
import { DesignsService } from './designs.service';

@Controller()
export class DesignsController {
  constructor(private readonly designs: DesignsService) {}

  @Handles(DESIGNS_SUBJECTS.list)
  list(request: ListDesignsRequest) {
    return this.designs.list(request);
  }

  @Handles(DESIGNS_SUBJECTS.get)
  get(request: DesignRequest) {
    return this.designs.get(request);
  }

  @Handles(DESIGNS_SUBJECTS.create)
  create(request: CreateDesignRequest, context: RequestContext) {
    return this.designs.create(request, context);
  }

  @Handles(DESIGNS_SUBJECTS.save)
  save(request: SaveDesignRequest, context: RequestContext) {
    return this.designs.save(request, context);
  }

  @Handles(DESIGNS_SUBJECTS.delete)
  delete(request: DesignRequest, context: RequestContext) {
    return this.designs.delete(request, context);
  }

  @Handles(DESIGNS_SUBJECTS.revisions)
  revisions(request: ListRevisionsRequest) {
    return this.designs.revisions(request);
  }

  @Handles(DESIGNS_SUBJECTS.revision)
  revision(request: RevisionRequest) {
    return this.designs.revision(request);
  }

  @Handles(DESIGNS_SUBJECTS.labelRevision)
  labelRevision(request: LabelRevisionRequest, context: RequestContext) {
    return this.designs.labelRevision(request, context);
  }
}
