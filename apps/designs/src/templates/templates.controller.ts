import { Controller } from '@nestjs/common';
import {
  type CreateTemplateRequest,
  type ListTemplatesRequest,
  type ReplaceTemplateRequest,
  type RequestContext,
  type TemplateRequest,
  TEMPLATES_SUBJECTS,
} from '@embed/contracts';
import { Handles } from '@embed/service-runtime';
import { TemplatesService } from './templates.service';

@Controller()
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Handles(TEMPLATES_SUBJECTS.list)
  list(request: ListTemplatesRequest) {
    return this.templates.list(request);
  }

  @Handles(TEMPLATES_SUBJECTS.get)
  get(request: TemplateRequest) {
    return this.templates.get(request);
  }

  @Handles(TEMPLATES_SUBJECTS.create)
  create(request: CreateTemplateRequest, context: RequestContext) {
    return this.templates.create(request, context);
  }

  @Handles(TEMPLATES_SUBJECTS.replace)
  replace(request: ReplaceTemplateRequest, context: RequestContext) {
    return this.templates.replace(request, context);
  }

  @Handles(TEMPLATES_SUBJECTS.delete)
  delete(request: TemplateRequest) {
    return this.templates.delete(request);
  }
}
