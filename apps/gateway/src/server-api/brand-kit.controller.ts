import { Controller, Get, Put } from '@nestjs/common';
import { type BrandKit, type BrandKitBody, BrandKitBodySchema, type BrandKitRequest, BRAND_KIT_SUBJECTS, type PutBrandKitRequest } from '@embed/contracts';
import type { KeyContext } from '@embed/data-access';
import { Key } from '../auth/authenticated-request';
import { BodyOf } from '../http/inputs';
import { ServiceCalls } from '../services/call-service';
import { EmbedEndpoint } from './embed-endpoint';
import { tenantScopeOf } from '../auth/tenant-scope';

/**
 * The project's brand kit in the key's environment (docs/server-api.md, Brand kit): the
 * integrator's server sets it whole; the editor offers it and new designs take its defaults.
 */
@Controller('embed/v1/brand-kit')
export class BrandKitController {
  constructor(private readonly services: ServiceCalls) {}

  @Get()
  @EmbedEndpoint('getBrandKit', { summary: 'The project’s brand kit in the key’s environment (the empty kit, `updatedAt` null, until one is set).', answers: { 200: 'BrandKit' } })
  get(@Key() key: KeyContext): Promise<BrandKit> {
    const request: BrandKitRequest = { scope: tenantScopeOf(key) };
    return this.services.call(BRAND_KIT_SUBJECTS.get, request);
  }

  @Put()
  @EmbedEndpoint('putBrandKit', { summary: 'Sets the project’s brand kit in the key’s environment, whole: a field left out takes its empty value.', answers: { 200: 'BrandKit' } })
  put(@Key() key: KeyContext, @BodyOf(BrandKitBodySchema) body: BrandKitBody): Promise<BrandKit> {
    const request: PutBrandKitRequest = { scope: tenantScopeOf(key), kit: body };
    return this.services.call(BRAND_KIT_SUBJECTS.put, request);
  }
}
