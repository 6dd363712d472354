import { Inject, Injectable, Logger } from '@nestjs/common';
import { fail, IMAGE_MAX_PIXELS, type ImageUpload, ok, type RequestContext, type ServiceReply, type StoreImageRequest } from '@embed/contracts';
import { ImagesRepository, newImageId, PersonErasedError, QuotaExceededError, QuotasRepository } from '@embed/data-access';
import { CONTENT_TYPES, FILES_PATH, imageDimensions, imageKey, ObjectStorage, sniffImage, stagingKey, StorageUnavailableError } from '@embed/storage';
import { quotaExceeded, userErased } from '../common/replies';
import { FILE_LINKS, type FileLinks } from '../common/file-links';
import { PeopleService } from '../people/people.service';

/**
 * Storing an image a person uploads through the editor (contracts §3). Its type is the
 * bytes' own, whatever the upload's header said; SVG is refused (it can carry scripts), and
 * so is an image whose header declares more than IMAGE_MAX_PIXELS (a decompression bomb),
 * judged before anything decodes it.
 *
 * The file is written to a staging key first, with no database connection held; then,
 * under the person's lock, the image is recorded, counted against the quotas and its file
 * moved to its key (ImagesRepository.record), so an erasure starting meanwhile waits for
 * it and then removes the file with the rest. An upload that fails on the way leaves no
 * file behind; one cut short by a crash leaves a staged file that the erasure of its person
 * or the staging sweep removes.
 */
@Injectable()
export class StoreImage {
  private readonly logger = new Logger(StoreImage.name);

  constructor(
    private readonly people: PeopleService,
    private readonly images: ImagesRepository,
    private readonly quotas: QuotasRepository,
    private readonly storage: ObjectStorage,
    @Inject(FILE_LINKS) private readonly links: FileLinks,
  ) {}

  async execute({ person: scope, bytes }: StoreImageRequest, context: RequestContext): Promise<ServiceReply<ImageUpload>> {
    const body = Buffer.from(bytes, 'base64');
    const extension = await sniffImage(body);
    if (!extension) return fail(400, 'request_invalid', 'The body is not a PNG, JPEG, GIF or WebP image.');
    const size = imageDimensions(body);
    if (!size) return fail(400, 'request_invalid', 'The image’s header gives no width and height.');
    const pixels = size.width * size.height;
    if (pixels > IMAGE_MAX_PIXELS) {
      return fail(413, 'request_invalid', `The image is ${size.width}x${size.height} pixels (${pixels}); at most ${IMAGE_MAX_PIXELS} pixels (width times height, such as 5000x5000) are taken.`);
    }
    const person = await this.people.existing(scope);
    if (!person.ok) return person;
    // Uploading needs a token, which makes the person known; one gone since is being (or was) erased.
    if (!person.value) return userErased();
    const charge = { images: 1, imageBytes: body.length, designs: 0 };
    // A person at a quota costs no write; the record below decides, under the lock.
    const breach = await this.quotas.wouldPass(person.value, charge);
    if (breach) return quotaExceeded(breach);
    const imageId = newImageId();
    const staged = stagingKey(person.value, imageId, extension);
    const storageKey = imageKey(person.value, imageId, extension);
    const contentType = CONTENT_TYPES[extension];
    try {
      await this.storage.put(staged, body, contentType);
      await this.images.record(person.value, { imageId, storageKey, contentType, bytes: body.length }, () => this.storage.move(staged, storageKey), context);
    } catch (error) {
      // An upload that stored its file and then failed leaves nothing behind either, staged or moved.
      for (const key of [staged, storageKey]) {
        await this.storage.delete(key).catch((err) => this.logger.error({ err, storageKey: key }, 'could not remove an image that was not recorded'));
      }
      if (error instanceof PersonErasedError) return userErased();
      if (error instanceof QuotaExceededError) return quotaExceeded(error.breach);
      if (error instanceof StorageUnavailableError) return fail(503, 'service_unavailable', error.message);
      throw error;
    }
    return ok({ url: `${this.links.publicBaseUrl.replace(/\/$/, '')}${FILES_PATH}${storageKey}` });
  }
}
