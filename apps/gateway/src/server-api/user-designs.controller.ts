import { Controller, Get, Header, HttpCode } from '@nestjs/common';
import {
  type CreateDesignBody,
  CreateDesignBodySchema,
  DEFAULT_PAGE_SIZE,
  type ListQuery,
  ListQuerySchema,
  type UserDesignParams,
  UserDesignParamsSchema,
  type UserParams,
  UserParamsSchema,
  type CreateDesignRequest,
  type Design,
  type DesignList,
  type DesignRequest,
  designJson,
  DESIGNS_SUBJECTS,
  type ListDesignsRequest,
  type PersonScope,
} from '@embed/contracts';
import type { KeyContext } from '@embed/data-access';
import { Key } from '../auth/authenticated-request';
import { IdempotentPost } from '../idempotency/idempotent-post';
import { ServiceCalls } from '../services/call-service';
import { BodyOf, ParamsOf, QueryOf } from '../http/inputs';
import { EmbedEndpoint } from './embed-endpoint';
import { tenantScopeOf } from '../auth/tenant-scope';

const personOf = (key: KeyContext, userId: string): PersonScope => ({ ...tenantScopeOf(key), userId });

@Controller('embed/v1/users/:userId/designs')
export class UserDesignsController {
  constructor(private readonly services: ServiceCalls) {}

  /**
   * contracts section 8: a design made for the person from a document the integrator
   * holds (a migration from another editor), by the same path as the editor's create:
   * the project's mode, the quotas, revision 0 and `design.saved`.
   */
  @IdempotentPost()
  @HttpCode(201)
  @EmbedEndpoint('createDesign', {
    summary: 'Creates a design of the project’s mode for the person from a name and a document, within the design quotas (contracts §8).',
    answers: { 201: 'Design' },
    errors: { 400: ['design_invalid'], 403: ['quota_exceeded'], 409: ['mode_unavailable', 'user_erased'] },
  })
  create(@Key() key: KeyContext, @ParamsOf(UserParamsSchema) params: UserParams, @BodyOf(CreateDesignBodySchema) body: CreateDesignBody): Promise<Design> {
    const request: CreateDesignRequest = { person: personOf(key, params.userId), mode: key.mode, name: body.name, doc: body.doc };
    return this.services.call(DESIGNS_SUBJECTS.create, request);
  }

  /** Spec 4.2: newest first, paged by an opaque cursor. */
  @Get()
  @EmbedEndpoint('listDesigns', { summary: 'A person’s designs, newest first (spec 4.2).', answers: { 200: 'DesignList' }, errors: { 409: ['user_erased'] } })
  list(@Key() key: KeyContext, @ParamsOf(UserParamsSchema) params: UserParams, @QueryOf(ListQuerySchema) query: ListQuery): Promise<DesignList> {
    const request: ListDesignsRequest = {
      person: personOf(key, params.userId),
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
  async get(@Key() key: KeyContext, @ParamsOf(UserDesignParamsSchema) params: UserDesignParams): Promise<string> {
    const request: DesignRequest = {
      person: personOf(key, params.userId),
      designId: params.designId,
    };
    return designJson(await this.services.call(DESIGNS_SUBJECTS.get, request));
  }
}
