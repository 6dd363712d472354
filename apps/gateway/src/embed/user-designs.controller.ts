import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { type DesignList, type DesignRequest, designJson, DESIGNS_SUBJECTS, type ListDesignsRequest } from '@embed/contracts';
import type { KeyContext } from '@embed/data-access';
import { Key } from '../auth/request-context';
import { ServiceCalls } from '../services/call-service';
import { DEFAULT_PAGE_SIZE, ListQuery, UserDesignParams, UserParams } from './dto/common.dto';
import { EmbedEndpoint } from './embed-endpoint';

@Controller('embed/v1/users/:userId/designs')
export class UserDesignsController {
  constructor(private readonly services: ServiceCalls) {}

  /** Spec 4.2: newest first, paged by an opaque cursor. */
  @Get()
  @EmbedEndpoint('listDesigns', { summary: 'A person’s designs, newest first (spec 4.2).', answers: { 200: 'DesignList' }, errors: { 409: ['user_erased'] } })
  list(@Key() key: KeyContext, @Param() params: UserParams, @Query() query: ListQuery): Promise<DesignList> {
    const request: ListDesignsRequest = {
      person: { projectId: key.projectId, environment: key.environment, userId: params.userId },
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      cursor: query.cursor,
    };
    return this.services.call(DESIGNS_SUBJECTS.list, request);
  }

  /** Spec 4.3: the design as last saved; another person's design is 404 like a missing one. */
  @Get(':designId')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @EmbedEndpoint('getDesign', {
    summary: 'A design as last saved, with its document (spec 4.3).',
    answers: { 200: 'Design' },
    errors: { 404: ['design_not_found'], 409: ['user_erased'] },
  })
  async get(@Key() key: KeyContext, @Param() params: UserDesignParams): Promise<string> {
    const request: DesignRequest = {
      person: { projectId: key.projectId, environment: key.environment, userId: params.userId },
      designId: params.designId,
    };
    return designJson(await this.services.call(DESIGNS_SUBJECTS.get, request));
  }
}
