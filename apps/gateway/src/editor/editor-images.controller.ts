import { Controller, HttpCode, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DESIGNS_SUBJECTS, type EditorSession, IMAGE_MAX_BYTES, type ImageUpload } from '@embed/contracts';
import { Session } from '../auth/authenticated-request';
import { EditorEndpoint } from './editor-endpoint';
import { ApiError } from '../http/api-error';
import { IMAGE_MEDIA_TYPES, readImageBody } from '../http/image-bodies';
import { ServiceCalls } from '../services/call-service';
import { IdempotentPost } from '../idempotency/idempotent-post';

/**
 * contracts section 3: `POST /editor/v1/images`, the bytes of one image for the person's
 * designs. The gateway reads the bytes (HTTP's part: their size, a body broken off); the
 * designs service, which owns people and images, judges, stores and records them.
 */
@Controller('editor/v1/images')
export class ImageUploadsController {
  constructor(private readonly services: ServiceCalls) {}

  @IdempotentPost()
  @HttpCode(201)
  @EditorEndpoint('editorWrite', {
    operationId: 'uploadImage',
    summary: 'Stores an image for the person’s designs, within the image quotas; its type and size are read from its bytes (SVG is refused).',
    answers: { 201: 'ImageUpload' },
    errors: { 400: ['request_invalid'], 403: ['quota_exceeded'], 413: ['request_invalid'], 409: ['user_erased'] },
    rawBody: { mediaTypes: IMAGE_MEDIA_TYPES, maxBytes: IMAGE_MAX_BYTES },
  })
  async upload(@Session() session: EditorSession, @Req() request: FastifyRequest): Promise<ImageUpload> {
    // Read only now, once the guards have checked the token: an unknown sender's bytes are never read.
    const body = await readImageBody(request);
    if (!body || body.length === 0) {
      throw new ApiError(400, 'request_invalid', `Send the image's bytes (up to ${IMAGE_MAX_BYTES} bytes) with Content-Type image/png, image/jpeg, image/gif or image/webp.`);
    }
    const { projectId, environment, userId } = session;
    return this.services.call(DESIGNS_SUBJECTS.storeImage, { person: { projectId, environment, userId }, bytes: body.toString('base64') });
  }
}
