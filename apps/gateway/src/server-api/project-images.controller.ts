import { Controller, Delete, Get, HttpCode, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_PAGE_SIZE,
  type DeleteImageRequest,
  IMAGE_MAX_BYTES,
  type ImageList,
  type ImageParams,
  ImageParamsSchema,
  IMAGES_SUBJECTS,
  type ImageSummary,
  type ListImagesRequest,
  type ListQuery,
  ListQuerySchema,
} from '@embed/contracts';
import type { KeyContext } from '@embed/data-access';
import { Key } from '../auth/authenticated-request';
import { ApiError } from '../http/api-error';
import { IMAGE_MEDIA_TYPES, readImageBody } from '../http/image-bodies';
import { ParamsOf, QueryOf } from '../http/inputs';
import { IdempotentPost } from '../idempotency/idempotent-post';
import { ServiceCalls } from '../services/call-service';
import { EmbedEndpoint } from './embed-endpoint';
import { tenantScopeOf } from '../auth/tenant-scope';

/**
 * The project's images in the key's environment (docs/server-api.md, Image library): the
 * integrator's server uploads and deletes them, and the editor offers them to every person
 * of the project beside their own uploads.
 */
@Controller('embed/v1/images')
export class ProjectImagesController {
  constructor(private readonly services: ServiceCalls) {}

  @Get()
  @EmbedEndpoint('listProjectImages', { summary: 'The project’s images in the key’s environment, newest first.', answers: { 200: 'ImageList' } })
  list(@Key() key: KeyContext, @QueryOf(ListQuerySchema) query: ListQuery): Promise<ImageList> {
    const request: ListImagesRequest = { scope: tenantScopeOf(key), limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
    return this.services.call(IMAGES_SUBJECTS.list, request);
  }

  @IdempotentPost()
  @HttpCode(201)
  @EmbedEndpoint('uploadProjectImage', {
    summary: 'Stores an image for every person of the project in the key’s environment, within the project’s image quotas; its type and size are read from its bytes (SVG is refused).',
    answers: { 201: 'ImageSummary' },
    errors: { 400: ['request_invalid'], 403: ['quota_exceeded'], 413: ['request_invalid'] },
    rawBody: { mediaTypes: IMAGE_MEDIA_TYPES, maxBytes: IMAGE_MAX_BYTES },
  })
  async upload(@Key() key: KeyContext, @Req() request: FastifyRequest): Promise<ImageSummary> {
    // Read only now, once the guards have checked the key: an unknown sender's bytes are never read.
    const body = await readImageBody(request);
    if (!body || body.length === 0) {
      throw new ApiError(400, 'request_invalid', `Send the image's bytes (up to ${IMAGE_MAX_BYTES} bytes) with Content-Type image/png, image/jpeg, image/gif or image/webp.`);
    }
    return this.services.call(IMAGES_SUBJECTS.storeProjectImage, { scope: tenantScopeOf(key), bytes: body.toString('base64') });
  }

  @Delete(':imageId')
  @HttpCode(204)
  @EmbedEndpoint('deleteProjectImage', {
    summary: 'Deletes one of the project’s images and its file; designs that show it keep its address, which stops serving it.',
    answers: { 204: null },
    errors: { 404: ['image_not_found'] },
  })
  async delete(@Key() key: KeyContext, @ParamsOf(ImageParamsSchema) params: ImageParams): Promise<void> {
    const request: DeleteImageRequest = { scope: tenantScopeOf(key), imageId: params.imageId, force: true };
    await this.services.call(IMAGES_SUBJECTS.delete, request);
  }
}
