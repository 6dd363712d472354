import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { EditorSession } from '@embed/contracts';
import { ImagesRepository, newImageId, PeopleRepository, PersonErasedError } from '@embed/data-access';
import { CONTENT_TYPES, FILES_PATH, imageKey, ObjectStorage, sniffImage } from '@embed/storage';
import { Session } from '../auth/request-context';
import { EditorEndpoint } from '../editor/editor-endpoint';
import { ApiError } from '../http/api-error';
import { FILE_SETTINGS, type FileSettings } from './files.module';
import { IMAGE_MAX_BYTES } from './image-bodies';

const IMAGE_MEDIA_TYPES = Object.values(CONTENT_TYPES).filter((type) => type.startsWith('image/'));
const userErased = () => new ApiError(409, 'user_erased', 'This person is being erased.');

/** contracts section 3: `POST /editor/v1/images`, the bytes of one image for the person's designs. */
@Controller('editor/v1/images')
export class ImageUploadsController {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly people: PeopleRepository,
    private readonly images: ImagesRepository,
    @Inject(FILE_SETTINGS) private readonly settings: FileSettings,
  ) {}

  @Post()
  @HttpCode(201)
  @EditorEndpoint('editorWrite', {
    operationId: 'uploadImage',
    summary: 'Stores an image for the person’s designs; its type is read from its bytes (SVG is refused).',
    answers: { 201: 'ImageUpload' },
    errors: { 400: ['request_invalid'], 413: ['request_invalid'], 409: ['user_erased'] },
    rawBody: { mediaTypes: IMAGE_MEDIA_TYPES, maxBytes: IMAGE_MAX_BYTES },
  })
  async upload(@Session() session: EditorSession, @Req() request: FastifyRequest): Promise<{ url: string }> {
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new ApiError(400, 'request_invalid', `Send the image's bytes (up to ${IMAGE_MAX_BYTES} bytes) with Content-Type image/png, image/jpeg, image/gif or image/webp.`);
    }
    // The type is the bytes' own, whatever the header says; SVG is refused (it can carry scripts).
    const extension = await sniffImage(body);
    if (!extension) throw new ApiError(400, 'request_invalid', 'The body is not a PNG, JPEG, GIF or WebP image.');
    const person = await this.people.find({ projectId: session.projectId, environment: session.environment, userId: session.userId });
    if (!person || person.state !== 'active') throw userErased();
    const imageId = newImageId();
    const storageKey = imageKey(person, imageId, extension);
    // Stored first, recorded second: an upload cut short leaves at most a file under the
    // person's prefix, which their erasure removes with the rest.
    await this.storage.put(storageKey, body, CONTENT_TYPES[extension]);
    try {
      await this.images.record(person, { imageId, storageKey, contentType: CONTENT_TYPES[extension], bytes: body.length });
    } catch (error) {
      if (error instanceof PersonErasedError) throw userErased();
      throw error;
    }
    return { url: `${this.settings.publicBaseUrl}${FILES_PATH}${storageKey}` };
  }
}
